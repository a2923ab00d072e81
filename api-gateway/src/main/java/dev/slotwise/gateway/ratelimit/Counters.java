package dev.slotwise.gateway.ratelimit;

import io.smallrye.mutiny.Uni;
import java.time.Duration;

/**
 * Shared counters for fixed windows: one per key (tenant or client address, and window start). In memory for one
 * gateway instance, in Redis when several instances must count together.
 */
public interface Counters {

    /** Adds one and answers the new count; the counter disappears {@code ttl} after its first increment. */
    Uni<Long> increment(String key, Duration ttl);

    /** The current count (0 when there is none). */
    Uni<Long> get(String key);
}
