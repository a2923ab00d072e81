package dev.slotwise.appointment.appointment;

import java.time.Instant;

/** Who cancelled an appointment, when and why (CONTRACT §15); on the appointment and its events, null until then. */
public record Cancellation(String reason, CancelledBy cancelledBy, Instant cancelledAt) {

    static Cancellation of(Appointment a) {
        return a.cancelledAt == null ? null : new Cancellation(a.cancellationReason, a.cancelledBy, a.cancelledAt);
    }
}
