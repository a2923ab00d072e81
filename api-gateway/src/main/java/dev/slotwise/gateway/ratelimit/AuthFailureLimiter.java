package dev.slotwise.gateway.ratelimit;

import dev.slotwise.gateway.GatewayConfig;
import io.vertx.core.Future;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * Slows down guessing of keys (CONTRACT §6): credentials that fail to verify are counted per client address in
 * one-minute windows; once an address has more than the allowed number of failures, its failures are 429 instead
 * of 401 until the minute is over. Only failures are ever refused: a credential that verifies is served, from any
 * address, so no one can lock other clients out by failing from the address they share (an ingress, a NAT).
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

    /**
     * Counts one failure from the address; answers the seconds until the window is over when the address has now
     * failed more often than allowed, else 0.
     */
    public Future<Long> recordFailure(String address) {
        long now = clock.instant().getEpochSecond();
        return counters.increment(key(address, now), COUNTER_TTL)
                .map(failures -> failures > allowedFailures ? WINDOW_SECONDS - now % WINDOW_SECONDS : 0L);
    }

    /**
     * The seconds until the address may try again when it has failed too often this minute, else 0 — for checks that
     * must refuse before they verify anything, like a password sign-in (a password can be guessed; a key cannot).
     */
    public Future<Long> blockedSeconds(String address) {
        long now = clock.instant().getEpochSecond();
        return counters.current(key(address, now))
                .map(failures -> failures > allowedFailures ? WINDOW_SECONDS - now % WINDOW_SECONDS : 0L);
    }

    private static String key(String address, long now) {
        return "slotwise:authfail:" + address + ":" + (now - now % WINDOW_SECONDS);
    }
}
