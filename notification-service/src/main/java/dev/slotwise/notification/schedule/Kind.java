package dev.slotwise.notification.schedule;

import java.util.Locale;

/** The kinds of customer e-mail (CONTRACT §18). */
public enum Kind {
    CONFIRMATION, RESCHEDULED, CANCELLED, REMINDER;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Kind of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
