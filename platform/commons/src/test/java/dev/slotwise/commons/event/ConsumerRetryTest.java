package dev.slotwise.commons.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

class ConsumerRetryTest {

    private static final Logger LOG = Logger.getLogger(ConsumerRetryTest.class);

    @Test
    void theRecordsOwnDataCanNeverPassAnOutageCan() {
        assertThat(ConsumerRetry.canNeverPass(new PgException("out of range", "ERROR", "22003", null))).isTrue();
        assertThat(ConsumerRetry.canNeverPass(new RuntimeException(new SQLException("fk", "23503")))).isTrue();
        assertThat(ConsumerRetry.canNeverPass(new ArithmeticException("integer overflow"))).isTrue();
        assertThat(ConsumerRetry.canNeverPass(new NullPointerException())).isTrue();

        assertThat(ConsumerRetry.canNeverPass(new PgException("shutting down", "FATAL", "57P01", null))).isFalse();
        assertThat(ConsumerRetry.canNeverPass(new PgException("serialization", "ERROR", "40001", null))).isFalse();
        assertThat(ConsumerRetry.canNeverPass(new VertxException("Connection is closed"))).isFalse();
        assertThat(ConsumerRetry.canNeverPass(new RuntimeException(new ConnectException("refused")))).isFalse();
    }

    @Test
    void aPoisonedRecordFailsAfterAFewAttemptsAndAnOutageIsWaitedOut() {
        SimpleMeterRegistry metrics = new SimpleMeterRegistry();
        Metrics.addRegistry(metrics);
        try {
            poisonFailsOutageIsWaitedOut(metrics);
        } finally {
            Metrics.removeRegistry(metrics);
        }
    }

    private static void poisonFailsOutageIsWaitedOut(SimpleMeterRegistry metrics) {
        AtomicInteger poisonAttempts = new AtomicInteger();
        Uni<Void> poison = Uni.createFrom().deferred(() -> {
            poisonAttempts.incrementAndGet();
            return Uni.createFrom().failure(new ArithmeticException("integer overflow"));
        });
        assertThatThrownBy(() -> ConsumerRetry.untilApplied(poison, LOG, "poison").await().atMost(Duration.ofSeconds(10)))
                .isInstanceOf(ArithmeticException.class);
        assertThat(poisonAttempts).hasValue(ConsumerRetry.POISON_ATTEMPTS);
        assertThat(metrics.get("slotwise.events.dead.lettered").counter().count()).as("dead-lettered").isEqualTo(1);

        AtomicInteger outageAttempts = new AtomicInteger();
        Uni<String> outage = Uni.createFrom().deferred(() -> outageAttempts.incrementAndGet() < 5
                ? Uni.createFrom().failure(new VertxException("Connection is closed"))
                : Uni.createFrom().item("applied"));
        assertThat(ConsumerRetry.untilApplied(outage, LOG, "outage").await().atMost(Duration.ofSeconds(30)))
                .isEqualTo("applied");
        assertThat(outageAttempts).hasValue(5);
        assertThat(metrics.get("slotwise.events.dead.lettered").counter().count()).as("an outage is no dead letter")
                .isEqualTo(1);
    }
}
