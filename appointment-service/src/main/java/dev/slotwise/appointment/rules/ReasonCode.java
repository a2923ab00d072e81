package dev.slotwise.appointment.rules;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Why a visit cannot happen at a time (CONTRACT §15, explain's codes). {@code HELD} (§16) and
 * {@code RESOURCE_UNAVAILABLE} (§17) are the reasons of holds and resources, which come later.
 */
public enum ReasonCode {
    OUTSIDE_BOOKING_WINDOW, CLOSED, OUTSIDE_WORKING_HOURS, TIME_OFF, SERVICE_NOT_OFFERED, BOOKED, HELD,
    DAILY_LIMIT_REACHED, RESOURCE_UNAVAILABLE,
    /**
     * §16: a segment left without a staff member could not be given one. Never among explain's reasons (explain
     * names the staff member); a booking answers it as {@code staff_unavailable}.
     */
    NO_STAFF_AVAILABLE;

    /** The bit of this reason in a mask of reasons. */
    int bit() {
        return 1 << ordinal();
    }

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
