package dev.slotwise.commons.event;

import com.fasterxml.jackson.core.JacksonException;
import dev.slotwise.commons.pg.UnstorableValues;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * How a Kafka consumer applies an event. A failure that can pass — the database away or restarting, a connection
 * lost, a serialization conflict — is retried again and again (backing off from 500 ms to 5 s, so that a consumer
 * resumes within seconds of the database's return): the record's offset is committed only afterwards, so an outage
 * delays the partition but never skips an event. A failure that
 * can never pass (the event's own data: a value out of range, a broken or incomplete envelope, a constraint it
 * violates) is tried {@link #POISON_ATTEMPTS} times and then fails the record, which the channel's
 * {@code failure-strategy=dead-letter-queue} sends to the service's dead-letter topic: the partition moves on,
 * and the record stays visible and replayable there.
 */
public final class ConsumerRetry {

    /** Attempts of a record whose failure can never pass, before it is dead-lettered. */
    public static final int POISON_ATTEMPTS = 3;

    /** {@code slotwise_events_dead_lettered_total}: records this service's consumers gave up on. */
    private static final Counter DEAD_LETTERED = Counter.builder("slotwise.events.dead.lettered")
            .description("Event records that can never be applied, sent to the dead-letter topic")
            .register(Metrics.globalRegistry);

    /** SQLSTATE classes of the data itself: data exception, integrity constraint, syntax or access rule. */
    private static final Set<String> DATA_ERROR_CLASSES = Set.of("22", "23", "42");

    private ConsumerRetry() {
    }

    public static <T> Uni<T> untilApplied(Uni<T> apply, Logger log, String what) {
        return throughOutages(apply, log, what)
                .onFailure().retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(1)).atMost(POISON_ATTEMPTS - 1)
                .onFailure().invoke(e -> {
                    DEAD_LETTERED.increment();
                    log.errorf("%s can never succeed (%s); it goes to the dead-letter topic", what, e.toString());
                });
    }

    /**
     * Retries every failure that can pass, backing off from 500 ms to 5 s, for as long as it lasts; fails at once
     * with a failure that can never pass, so that the caller can find out which record of a batch caused it.
     */
    public static <T> Uni<T> throughOutages(Uni<T> apply, Logger log, String what) {
        return apply
                .onFailure(failure -> !canNeverPass(failure))
                .invoke(e -> log.warnf("%s failed, retrying: %s", what, e.toString()))
                .onFailure(failure -> !canNeverPass(failure))
                .retry().withBackOff(Duration.ofMillis(500), Duration.ofSeconds(5)).indefinitely();
    }

    /** Whether the failure lies in the record's data, so that no retry can make it pass. */
    public static boolean canNeverPass(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ArithmeticException || cause instanceof NullPointerException
                    || cause instanceof IllegalArgumentException || cause instanceof ClassCastException
                    || cause instanceof JacksonException) {
                return true;
            }
            String state = UnstorableValues.sqlState(cause);
            if (state != null && state.length() == 5) {
                return DATA_ERROR_CLASSES.contains(state.substring(0, 2));
            }
        }
        return false;
    }
}
