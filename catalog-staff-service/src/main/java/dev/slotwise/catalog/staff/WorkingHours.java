package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A staff member's weekly working hours (CONTRACT §14): ranges of a day in the tenant's time zone, several per day,
 * none overlapping another of its day (one may end when the next starts). Empty: no working hours set. Types,
 * unknown fields and the form of each value are the chassis's (strict JSON, Bean Validation: 422 naming
 * {@code weekly[1].end}); {@link #checked()} adds what relates two values.
 */
public record WorkingHours(
        @NotNull(message = "is required") @Size(max = 70, message = "must have at most 70 ranges")
        List<@NotNull(message = "must be a range") @Valid Range> weekly) {

    /** One range: {@code day} monday…sunday, {@code start} and {@code end} as HH:MM, end after start (24:00 ends the day). */
    public record Range(
            @NotNull(message = "is required")
            @Pattern(regexp = "monday|tuesday|wednesday|thursday|friday|saturday|sunday",
                    message = "must be one of monday, tuesday, … sunday") String day,
            @NotNull(message = "is required")
            @Pattern(regexp = ClockRanges.START, message = ClockRanges.START_MESSAGE) String start,
            @NotNull(message = "is required")
            @Pattern(regexp = ClockRanges.END, message = ClockRanges.END_MESSAGE) String end)
            implements ClockRanges.ClockRange {
    }

    private static final TypeReference<List<Range>> STORED = new TypeReference<>() {
    };

    /**
     * The hours with each range's end after its start and no two ranges of a day overlapping (a 422 naming every
     * range that breaks one), ordered by day and start.
     */
    WorkingHours checked() {
        List<FieldError> errors = ClockRanges.errors(weekly, "weekly", (a, b) -> a.day().equals(b.day()));
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        List<Range> ordered = new ArrayList<>(weekly);
        ordered.sort(Comparator.comparing((Range r) -> DayOfWeek.valueOf(r.day().toUpperCase(Locale.ROOT)))
                .thenComparing(Range::start));
        return new WorkingHours(List.copyOf(ordered));
    }

    static WorkingHours read(ObjectMapper json, String stored) {
        try {
            return new WorkingHours(json.readValue(stored, STORED));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored working hours are not readable", e);
        }
    }

    String write(ObjectMapper json) {
        try {
            return json.writeValueAsString(weekly);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
