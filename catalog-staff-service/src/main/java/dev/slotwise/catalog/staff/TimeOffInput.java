package dev.slotwise.catalog.staff;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;

/** The body of {@code POST /api/v1/staff/{id}/time-off}: when it starts and ends, and optionally why. */
public record TimeOffInput(
        @NotNull(message = "is required") Instant startsAt,
        @NotNull(message = "is required") Instant endsAt,
        @Size(max = 500, message = "must be at most 500 characters") String reason) {
}
