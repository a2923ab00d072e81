package dev.slotwise.gateway.ratelimit;

import dev.slotwise.gateway.GatewayConfig;
import io.vertx.core.Future;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * Slows down guessing of keys (CONTRACT §6): failed authentications are counted per client address in one-minute
 * windows; once an address has more than the allowed number of failures, its requests are 429 until the minute is
 * over, whatever credential they carry.
 */
@Singleton
public class AuthFailureLimiter {

    private static final long WINDOW_SECONDS = 60;
    private static final Duration COUNTER_TTL = Duration.ofSeconds(WINDOW_SECONDS + 10);

    private final Counters counters;
    private final int allowedFailures;
    private final Clock clock = Clock.systemUTC();

    public AuthFailureLimiter(Counters counters, GatewayConfig config) {
        this.counters = counters;
        this.allowedFailures = config.rateLimit().authFailuresPerMinute();
    }

    /** Seconds until the address may try again, or 0 when it may now. */
    public Future<Long> blockedFor(String address) {
        long now = clock.instant().getEpochSecond();
        return counters.get(key(address, now))
                .map(failures -> failures > allowedFailures ? WINDOW_SECONDS - now % WINDOW_SECONDS : 0L);
    }

    public Future<Void> recordFailure(String address) {
        return counters.increment(key(address, clock.instant().getEpochSecond()), COUNTER_TTL).mapEmpty();
    }

    private static String key(String address, long now) {
        return "slotwise:authfail:" + address + ":" + (now - now % WINDOW_SECONDS);
    }
}
