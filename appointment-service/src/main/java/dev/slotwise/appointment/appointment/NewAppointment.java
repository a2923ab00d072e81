package dev.slotwise.appointment.appointment;

import dev.slotwise.appointment.visit.SegmentInput;
import dev.slotwise.commons.metadata.ValidMetadata;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The body of a booking (CONTRACT §5, §16): the customer, and either the visit — {@code serviceId} with
 * {@code staffId} (left out: Slotwise assigns one) or {@code segments}, and {@code startsAt} — or the {@code holdId}
 * of a hold, which books exactly the held visit. {@code endsAt} is the server's.
 */
public record NewAppointment(
        @NotBlank(message = "is required") String customerId,
        String serviceId,
        String staffId,
        Instant startsAt,
        List<@Valid SegmentInput> segments,
        String holdId,
        @Size(max = 5000, message = "must be at most 5000 characters") String notes,
        @ValidMetadata Map<String, String> metadata) {
}
