package dev.slotwise.appointment.visit;

import jakarta.validation.constraints.NotBlank;

/** One segment a booking or a hold asks for (CONTRACT §16): a service, and its staff member or none (Slotwise assigns). */
public record SegmentInput(@NotBlank(message = "is required") String serviceId, String staffId) {
}
