package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.metadata.ValidMetadata;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.Map;

/** The body of a booking: all four references and the start are required; {@code endsAt} is the server's. */
public record NewAppointment(
        @NotBlank(message = "is required") String customerId,
        @NotBlank(message = "is required") String serviceId,
        @NotBlank(message = "is required") String staffId,
        @NotNull(message = "is required") Instant startsAt,
        @Size(max = 5000, message = "must be at most 5000 characters") String notes,
        @ValidMetadata Map<String, String> metadata) {
}
