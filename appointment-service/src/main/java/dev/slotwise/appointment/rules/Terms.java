package dev.slotwise.appointment.rules;

/** What one service takes of its staff member: its length and the buffers before and after it, in minutes. */
public record Terms(int durationMinutes, int bufferBeforeMinutes, int bufferAfterMinutes) {

    static final long MINUTE = 60_000L;

    long length() {
        return durationMinutes * MINUTE;
    }

    long before() {
        return bufferBeforeMinutes * MINUTE;
    }

    long after() {
        return bufferAfterMinutes * MINUTE;
    }
}
