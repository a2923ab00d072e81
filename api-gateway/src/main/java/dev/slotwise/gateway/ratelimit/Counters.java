package dev.slotwise.gateway.ratelimit;

import io.vertx.core.Future;
import java.time.Duration;

/**
 * Shared counters for fixed windows: one per key (tenant or client address, and window start). In memory for one
 * gateway instance, in Redis when several instances must count together. Vert.x futures rather than Mutiny: they sit
 * on every request's path, and a count kept in memory is answered by an already completed future at no cost.
 */
public interface Counters {

    /** Adds one and answers the new count; the counter disappears {@code ttl} after its first increment. */
    default Future<Long> increment(String key, Duration ttl) {
        return add(key, 1, ttl);
    }

    /** Adds {@code amount} and answers the new count; a new counter disappears {@code ttl} after this. */
    Future<Long> add(String key, long amount, Duration ttl);

    /**
     * Claims a block of counts for requests to come, never past {@code limit}: as many as {@code size} says of what is
     * left, added at once (a new counter disappears {@code ttl} after this). Atomic: N instances claiming together
     * never claim more than the limit in all.
     */
    Future<Claim> claim(String key, long limit, BlockSize size, Duration ttl);

    /**
     * Gives back {@code amount} counts claimed and not used. Never applied twice, never counted elsewhere: a give-back
     * that cannot be made is dropped, and those counts stay used (an instance must never lower a count it cannot
     * see).
     */
    default Future<Void> giveBack(String key, long amount, Duration ttl) {
        return add(key, -amount, ttl).mapEmpty();
    }

    /** The count as it stands, 0 for a key never incremented or expired. */
    Future<Long> current(String key);
}
