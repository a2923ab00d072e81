package dev.slotwise.gateway.ratelimit;

import io.vertx.core.MultiMap;

/** Where a tenant stands in its current window, and the headers of CONTRACT §6 that say so. */
public record RateLimitDecision(long limit, long remaining, long resetEpochSecond, long secondsToReset, boolean allowed) {

    /** What a refusal says, in the API's 429 and in the panel alike. */
    public String refusalDetail() {
        return "the hourly quota of " + limit + " requests is used up; it renews in " + secondsToReset + " s";
    }

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
