package dev.slotwise.appointment.rules;

/** One reason a visit cannot happen, in words; {@code appointmentId} names the appointment in the way for {@code booked}. */
public record Reason(ReasonCode code, String detail, String appointmentId) {
}
