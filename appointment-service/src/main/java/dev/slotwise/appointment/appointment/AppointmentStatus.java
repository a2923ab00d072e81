package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where an appointment stands. Only a booked one moves; cancelled, completed and no-show are final. */
public enum AppointmentStatus {
    BOOKED, CANCELLED, COMPLETED, NO_SHOW;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status named by a {@code status} query parameter, or null for a name that is none. */
    static AppointmentStatus parse(String name) {
        for (AppointmentStatus status : values()) {
            if (status.wireName().equals(name)) {
                return status;
            }
        }
        return null;
    }
}
