package dev.slotwise.webhooks.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When a failed delivery is tried again: after the n-th failed attempt, the n-th configured delay stretched by up
 * to 10 % jitter; after the last delay's retry failed, never (CONTRACT §1: 1 attempt + 6 retries by default).
 */
public record RetrySchedule(List<Duration> delays) {

    public Optional<Instant> nextAttempt(int failedAttempts, Instant now) {
        if (failedAttempts < 1 || failedAttempts > delays.size()) {
            return Optional.empty();
        }
        Duration delay = delays.get(failedAttempts - 1);
        long jitterMillis = (long) (delay.toMillis() * 0.1 * ThreadLocalRandom.current().nextDouble());
        return Optional.of(now.plus(delay).plusMillis(jitterMillis));
    }
}
