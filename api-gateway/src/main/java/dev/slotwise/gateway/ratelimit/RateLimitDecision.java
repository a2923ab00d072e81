package dev.slotwise.gateway.ratelimit;

import io.vertx.core.MultiMap;

/** Where a tenant stands in its current window, and the headers of CONTRACT §6 that say so. */
public record RateLimitDecision(long limit, long remaining, long resetEpochSecond, long secondsToReset, boolean allowed) {

    public void writeHeaders(MultiMap headers) {
        headers.set("X-RateLimit-Limit", String.valueOf(limit))
                .set("X-RateLimit-Remaining", String.valueOf(remaining))
                .set("X-RateLimit-Reset", String.valueOf(resetEpochSecond))
                .set("RateLimit-Policy", "\"hourly\";q=" + limit + ";w=3600")
                .set("RateLimit", "\"hourly\";r=" + remaining + ";t=" + secondsToReset);
        if (!allowed) {
            headers.set("Retry-After", String.valueOf(secondsToReset));
        }
    }
}
