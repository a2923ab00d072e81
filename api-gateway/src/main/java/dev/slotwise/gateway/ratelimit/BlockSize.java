package dev.slotwise.gateway.ratelimit;

/**
 * How many counts one claim takes, from what is left under the limit: a {@code share} of it, at least one, at most
 * {@code max}. Large while a quota has plenty left (one store round trip serves many requests), one count each near the
 * limit, so that counts held by one replica and not yet used can refuse another replica's request early only by a
 * little, and only while plenty is left to begin with.
 */
record BlockSize(long share, long max) {

    /** One count per claim: no leasing (a store in this instance's memory needs none). */
    static final BlockSize ONE = new BlockSize(1, 1);

    BlockSize {
        if (share < 1 || max < 1) {
            throw new IllegalArgumentException("a block holds at least one count");
        }
    }

    /** The block for what is {@code left} under the limit (0 when nothing is). */
    long of(long left) {
        return left <= 0 ? 0 : Math.min(left, Math.max(1, Math.min(max, left / share)));
    }
}
