package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.metadata.ValidMetadata;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.Map;

/**
 * What a reschedule (a merge patch) may change. The customer and the status are not among them: an appointment
 * for someone else is a new appointment, and the status moves only through cancel, complete and no-show.
 * {@code changedBy} (CONTRACT §15) is who asks, not stored: a customer's change of time, staff member or service keeps
 * to the cancellation window.
 */
public record Reschedule(
        @NotBlank(message = "is required") String serviceId,
        @NotBlank(message = "is required") String staffId,
        @NotNull(message = "is required") Instant startsAt,
        @Size(max = 5000, message = "must be at most 5000 characters") String notes,
        @Pattern(regexp = "business|customer", message = "must be business or customer") String changedBy,
        @ValidMetadata Map<String, String> metadata) {

    static Reschedule of(Appointment appointment) {
        return new Reschedule(appointment.serviceId, appointment.staffId, appointment.startsAt, appointment.notes,
                null, appointment.metadata);
    }

    boolean byCustomer() {
        return CancelledBy.CUSTOMER.wireName().equals(changedBy);
    }
}
