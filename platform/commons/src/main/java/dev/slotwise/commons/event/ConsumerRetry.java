package dev.slotwise.commons.event;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * How a Kafka consumer applies an event: again and again (backing off from 500 ms to 30 s) until it succeeds. The
 * record's offset is committed only afterwards, so a database that is away, or a row that vanished under a
 * concurrent statement, delays the partition but never skips an event or stops the channel.
 */
public final class ConsumerRetry {

    private ConsumerRetry() {
    }

    public static <T> Uni<T> untilApplied(Uni<T> apply, Logger log, String what) {
        return apply.onFailure().invoke(e -> log.warnf("%s failed, retrying: %s", what, e.toString()))
                .onFailure().retry().withBackOff(Duration.ofMillis(500), Duration.ofSeconds(30)).indefinitely();
    }
}
