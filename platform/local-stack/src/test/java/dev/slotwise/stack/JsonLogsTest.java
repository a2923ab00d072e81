package dev.slotwise.stack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The check FuzzIT makes on the services' logs can fail (issue 34: it looked for {@code " ERROR "} in JSON lines,
 * which say {@code "level":"ERROR"}, so it never found one).
 */
class JsonLogsTest {

    @Test
    void aJsonLineAtErrorIsAnError() {
        assertThat(JsonLogs.isError("""
                {"timestamp":"2026-11-25T22:06:30.263Z","sequence":812,"loggerClassName":"org.jboss.logging.Logger",\
                "loggerName":"dev.slotwise.commons.problem.ProblemMapper","level":"ERROR","message":"request 1 failed",\
                "threadName":"vert.x-eventloop-thread-1","mdc":{"requestId":"1"}}""")).isTrue();
        assertThat(JsonLogs.isError("{\"level\":\"FATAL\",\"message\":\"down\"}")).isTrue();
    }

    @Test
    void aJsonLineBelowErrorIsNoneEvenWhenItsMessageSaysError() {
        assertThat(JsonLogs.isError("""
                {"timestamp":"2026-11-25T22:06:30.263Z","loggerName":"slotwise.access","level":"INFO",\
                "message":"POST /api/v1/customers 422 3.1 ms ERROR in the name field"}""")).isFalse();
        assertThat(JsonLogs.isError("{\"level\":\"WARN\",\"message\":\"the store did not answer\"}")).isFalse();
    }

    @Test
    void aLineThatIsNotJsonIsReadByItsLevelWord() {
        assertThat(JsonLogs.isError("2026-11-25 22:06:30,263 ERROR [io.quarkus] Failed to start")).isTrue();
        assertThat(JsonLogs.isError("2026-11-25 22:06:30,263 INFO  [io.quarkus] started")).isFalse();
        assertThat(JsonLogs.isError("{\"level\":\"ERROR\",\"message\":\"cut sh")).isTrue();
    }
}
