package dev.slotwise.appointment.availability;

import java.time.Instant;

/** A time a staff member can take the service: {@code [startsAt, endsAt)}, the service's length. */
public record Slot(Instant startsAt, Instant endsAt, String staffId) {
}
