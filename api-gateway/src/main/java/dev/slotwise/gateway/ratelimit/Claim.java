package dev.slotwise.gateway.ratelimit;

/**
 * A block of counts claimed under a limit: the window's count once the block was added, and how many counts the block
 * holds (0: the limit was already reached, nothing was added). The block's counts are {@code count - granted + 1}
 * through {@code count}.
 */
record Claim(long count, long granted) {

    static Claim refused(long count) {
        return new Claim(count, 0);
    }
}
