package dev.slotwise.catalog.closure;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /api/v1/closures}: the local date ({@code YYYY-MM-DD}, read as text and checked by
 * {@link dev.slotwise.catalog.calendar.CalendarDates}), optionally why, and optionally the one location closed.
 */
public record ClosureInput(
        @NotNull(message = "is required") String date,
        @Size(max = 500, message = "must be at most 500 characters") String reason,
        String locationId) {
}
