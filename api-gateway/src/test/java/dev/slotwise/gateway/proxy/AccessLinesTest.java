package dev.slotwise.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class AccessLinesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final AccessLines lines = new AccessLines(out, "slotwise.access", Map.of("service", "api-gateway"));

    @Test
    void aLineHasTheFieldsOfTheConsoleFormattersRecord() throws Exception {
        Map<String, Object> mdc = new LinkedHashMap<>();
        mdc.put("requestId", "r-1");
        mdc.put("tenantId", "ten_1");
        mdc.put("absent", null);
        String line = lines.format(Instant.parse("2026-11-27T05:30:00.123456789Z"), "INFO",
                "GET /api/v1/customers/{id} 200 0.4 ms tenant=ten_1 request=r-1", "vert.x-eventloop-thread-1", mdc);

        assertThat(line).endsWith("}\n").doesNotContain("\n{");
        JsonNode json = JSON.readTree(line);
        assertThat(json.path("timestamp").asText()).isEqualTo("2026-11-27T05:30:00.123456789Z");
        assertThat(json.path("loggerName").asText()).isEqualTo("slotwise.access");
        assertThat(json.path("level").asText()).isEqualTo("INFO");
        assertThat(json.path("message").asText()).isEqualTo("GET /api/v1/customers/{id} 200 0.4 ms tenant=ten_1 request=r-1");
        assertThat(json.path("threadName").asText()).isEqualTo("vert.x-eventloop-thread-1");
        assertThat(json.path("mdc").path("requestId").asText()).isEqualTo("r-1");
        assertThat(json.path("mdc").path("tenantId").asText()).isEqualTo("ten_1");
        assertThat(json.path("mdc").has("absent")).isFalse();
        assertThat(json.path("service").asText()).isEqualTo("api-gateway");
    }

    @Test
    void whatAClientSentIsEscapedSoTheLineStaysOneJsonValue() throws Exception {
        String hostile = "a\"b\\c\nd\re\tf\u0001g\u2028h é";
        String line = lines.format(Instant.EPOCH, "INFO", hostile, "t\"1", Map.of("requestId", hostile));

        assertThat(line.chars().filter(c -> c == '\n').count()).isEqualTo(1);
        JsonNode json = JSON.readTree(line);
        assertThat(json.path("message").asText()).isEqualTo(hostile);
        assertThat(json.path("threadName").asText()).isEqualTo("t\"1");
        assertThat(json.path("mdc").path("requestId").asText()).isEqualTo(hostile);
    }

    @Test
    void queuedLinesAreWrittenInOrderOnlyWhenDrained() throws Exception {
        for (int i = 0; i < 5; i++) {
            lines.info("line " + i, Map.of("requestId", "r-" + i));
        }
        assertThat(out.size()).as("nothing written on the answering thread").isZero();

        assertThat(lines.drain()).isTrue();
        List<JsonNode> written = written();
        assertThat(written).extracting(json -> json.path("message").asText())
                .containsExactly("line 0", "line 1", "line 2", "line 3", "line 4");
        assertThat(lines.drain()).as("nothing left").isFalse();
    }

    @Test
    void whenTooManyWaitTheAnsweringThreadWritesItsOwnLineAndNoneIsLost() throws Exception {
        for (int i = 0; i < AccessLines.MAX_WAITING; i++) {
            lines.info("queued " + i, Map.of());
        }
        assertThat(out.size()).isZero();

        lines.info("overflow", Map.of());
        assertThat(written()).extracting(json -> json.path("message").asText()).containsExactly("overflow");

        lines.drain();
        List<JsonNode> all = written();
        assertThat(all).hasSize(AccessLines.MAX_WAITING + 1);
        assertThat(all.get(1).path("message").asText()).isEqualTo("queued 0");
        assertThat(all.get(all.size() - 1).path("message").asText()).isEqualTo("queued " + (AccessLines.MAX_WAITING - 1));
        int before = out.size();
        lines.info("after", Map.of());
        assertThat(out.size()).as("room again: queued, not written").isEqualTo(before);
    }

    @Test
    void linesFromManyThreadsWhileDrainingAreEachWrittenOnceAndWhole() throws Exception {
        AtomicBoolean producing = new AtomicBoolean(true);
        Thread writer = new Thread(() -> {
            while (producing.get()) {
                lines.drain();
            }
            lines.drain();
        });
        writer.start();
        List<Thread> producers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            Thread producer = new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    lines.info(thread + "-" + i, Map.of("requestId", "r"));
                }
            });
            producer.start();
            producers.add(producer);
        }
        for (Thread producer : producers) {
            producer.join();
        }
        producing.set(false);
        writer.join();

        Set<String> messages = new HashSet<>();
        for (JsonNode json : written()) {
            assertThat(messages.add(json.path("message").asText())).as("written once: " + json).isTrue();
        }
        assertThat(messages).hasSize(80_000);
    }

    private List<JsonNode> written() throws Exception {
        List<JsonNode> parsed = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                parsed.add(JSON.readTree(line));
            }
        }
        return parsed;
    }
}
