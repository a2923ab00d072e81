package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Who cancels or reschedules (CONTRACT §15): the business always may; a customer keeps to the cancellation window. */
public enum CancelledBy {
    BUSINESS, CUSTOMER;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The one named {@code name}, or null for a name that is none. */
    static CancelledBy parse(String name) {
        for (CancelledBy by : values()) {
            if (by.wireName().equals(name)) {
                return by;
            }
        }
        return null;
    }
}
