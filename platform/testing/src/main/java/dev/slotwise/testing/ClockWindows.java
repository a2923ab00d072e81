package dev.slotwise.testing;

import java.time.Duration;
import java.time.Instant;

/**
 * Fixed windows aligned to the clock (the rate limits of CONTRACT §6: UTC hours, and minutes for failed
 * authentications). A test that counts requests into one window first makes sure it has the room it needs before the
 * window turns, by waiting for the next one if not, and afterwards checks that it stayed in one window: a burst that
 * crosses the turn is counted in two windows, and its assertions would be about neither (issue 34).
 */
public final class ClockWindows {

    private ClockWindows() {
    }

    /**
     * Waits, if less than {@code room} is left of the current {@code window}, until the next one starts; answers the
     * number of the window the caller is then in.
     */
    public static long awaitRoom(Duration window, Duration room) {
        long seconds = window.toSeconds();
        long now = Instant.now().getEpochSecond();
        long left = seconds - now % seconds;
        if (left < room.toSeconds()) {
            try {
                Thread.sleep((left + 1) * 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the next window", e);
            }
        }
        return current(window);
    }

    /** The number of the current {@code window} since the epoch. */
    public static long current(Duration window) {
        return Instant.now().getEpochSecond() / window.toSeconds();
    }
}
