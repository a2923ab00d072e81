package dev.slotwise.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** CONTRACT §1 and §8: the first attempt at once, then 6 retries after 1m, 5m, 15m, 1h, 6h, 24h, each up to 10 % later. */
class RetryScheduleTest {

    private static final List<Duration> CONTRACT = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(15), Duration.ofHours(1), Duration.ofHours(6), Duration.ofHours(24));
    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    private final RetrySchedule schedule = new RetrySchedule(CONTRACT);

    @Test
    void theNthFailureWaitsTheNthDelayStretchedByAtMostTenPercent() {
        for (int failed = 1; failed <= CONTRACT.size(); failed++) {
            Duration delay = CONTRACT.get(failed - 1);
            Set<Instant> seen = new HashSet<>();
            for (int sample = 0; sample < 200; sample++) {
                Instant next = schedule.nextAttempt(failed, NOW).orElseThrow();
                assertThat(next).as("retry %d", failed)
                        .isAfterOrEqualTo(NOW.plus(delay))
                        .isBeforeOrEqualTo(NOW.plus(delay).plusMillis(delay.toMillis() / 10));
                seen.add(next);
            }
            assertThat(seen).as("retry %d is jittered, so that a burst's retries do not all come at once", failed)
                    .hasSizeGreaterThan(100);
        }
    }

    @Test
    void afterTheSixthRetryFailsThereIsNoSeventh() {
        assertThat(schedule.nextAttempt(CONTRACT.size() + 1, NOW)).as("7 requests at most").isEmpty();
        assertThat(schedule.nextAttempt(0, NOW)).isEmpty();
    }
}
