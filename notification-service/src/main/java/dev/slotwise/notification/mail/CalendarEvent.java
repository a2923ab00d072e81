package dev.slotwise.notification.mail;

import java.time.Instant;

/** One appointment as a calendar shows it: its stable {@code UID}, its {@code SEQUENCE}, times in UTC, a summary. */
public record CalendarEvent(String appointmentId, int sequence, Instant startsAt, Instant endsAt, String summary,
        String description, boolean cancelled) {

    /** The one {@code UID} of an appointment, in e-mails and feeds alike (RFC 5545 §3.8.4.7). */
    public String uid() {
        return appointmentId + "@slotwise";
    }
}
