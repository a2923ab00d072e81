package dev.slotwise.gateway.ratelimit;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * Shared counters that fail open: when the shared store (Redis) does not answer within its command timeout, this
 * instance counts in its own memory instead, and asks the shared store again only after a pause, so an outage costs
 * each request nothing beyond the first timeout. Limits stay enforced during the outage, per instance: N replicas
 * together may then admit up to N times a quota. Counts made in memory are not carried back to the shared store.
 */
final class FailoverCounters implements Counters {

    private static final Logger LOG = Logger.getLogger(FailoverCounters.class);

    private final Counters shared;
    private final Counters local;
    private final long timeoutMillis;
    private final long pauseNanos;
    private volatile long sharedAgainAt = System.nanoTime();
    private volatile boolean failedOver;

    FailoverCounters(Counters shared, Counters local, Duration commandTimeout, Duration pause) {
        this.shared = shared;
        this.local = local;
        this.timeoutMillis = commandTimeout.toMillis();
        this.pauseNanos = pause.toNanos();
    }

    @Override
    public Future<Long> increment(String key, Duration ttl) {
        return either(counters -> counters.increment(key, ttl));
    }

    @Override
    public Future<Long> current(String key) {
        return either(counters -> counters.current(key));
    }

    private Future<Long> either(Function<Counters, Future<Long>> command) {
        if (failedOver && System.nanoTime() - sharedAgainAt < 0) {
            return command.apply(local);
        }
        return command.apply(shared).timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .map(count -> {
                    if (failedOver) {
                        failedOver = false;
                        LOG.info("the rate limit store answers again: counting is shared by every gateway instance again");
                    }
                    return count;
                })
                .recover(failure -> {
                    if (!failedOver) {
                        LOG.errorf("the rate limit store does not answer (%s): counting in this instance's memory until it does",
                                failure.toString());
                    }
                    failedOver = true;
                    sharedAgainAt = System.nanoTime() + pauseNanos;
                    return command.apply(local);
                });
    }
}
