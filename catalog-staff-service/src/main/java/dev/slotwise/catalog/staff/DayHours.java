package dev.slotwise.catalog.staff;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A staff member's hours on one date (CONTRACT §15, the body of a date override): ranges of that day's wall clock in
 * the tenant's time zone, none overlapping another; empty: not working that day.
 */
public record DayHours(
        @NotNull(message = "is required") @Size(max = 10, message = "must have at most 10 ranges")
        List<@NotNull(message = "must be a range") @Valid Range> ranges) {

    /** One range, {@code start} and {@code end} as HH:MM, end after start (24:00 ends the day). */
    public record Range(
            @NotNull(message = "is required")
            @Pattern(regexp = ClockRanges.START, message = ClockRanges.START_MESSAGE) String start,
            @NotNull(message = "is required")
            @Pattern(regexp = ClockRanges.END, message = ClockRanges.END_MESSAGE) String end)
            implements ClockRanges.ClockRange {
    }

    /** The hours with no range ending before it starts or overlapping another (422 naming each), ordered by start. */
    DayHours checked() {
        List<FieldError> errors = ClockRanges.errors(ranges, "ranges", (a, b) -> true);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        List<Range> ordered = new ArrayList<>(ranges);
        ordered.sort(Comparator.comparing(Range::start));
        return new DayHours(List.copyOf(ordered));
    }
}
