package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.rules.Window;
import dev.slotwise.commons.http.QueryTimestamps;
import dev.slotwise.commons.problem.ApiException;
import java.time.Duration;
import java.time.Instant;

/**
 * The question of {@code GET /api/v1/availability} (CONTRACT §14): slots for {@code serviceId} starting in
 * {@code [from, to)}, at most 31 days apart, on a grid of {@code slotMinutes} (5–60, default 15), of one staff member
 * when {@code staffId} is given. What cannot be read is 400, as for any list's parameters.
 */
record AvailabilityQuery(String serviceId, Instant from, Instant to, String staffId, int slotMinutes) {

    static final Duration LONGEST_SEARCH = Duration.ofDays(31);
    private static final Instant FIRST_WRITABLE = Instant.parse("0001-01-01T00:00:00Z");

    static AvailabilityQuery parse(String serviceId, String from, String to, String staffId, String slotMinutes) {
        if (serviceId == null || serviceId.isBlank()) {
            throw ApiException.malformed("serviceId is required");
        }
        Instant start = QueryTimestamps.required("from", from);
        Instant end = QueryTimestamps.required("to", to);
        if (!end.isAfter(start)) {
            throw ApiException.malformed("to must be later than from");
        }
        if (Duration.between(start, end).compareTo(LONGEST_SEARCH) > 0) {
            throw ApiException.malformed("to may be at most 31 days after from");
        }
        if (start.isBefore(FIRST_WRITABLE) || end.isAfter(Window.LAST_WRITABLE)) {
            throw ApiException.malformed("from and to must be in the years 0001 to 9999");
        }
        return new AvailabilityQuery(serviceId, start, end, staffId == null || staffId.isBlank() ? null : staffId,
                grid(slotMinutes));
    }

    private static int grid(String slotMinutes) {
        if (slotMinutes == null) {
            return 15;
        }
        try {
            int minutes = Integer.parseInt(slotMinutes);
            if (minutes >= 5 && minutes <= 60) {
                return minutes;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw ApiException.malformed("slotMinutes must be a whole number from 5 to 60");
    }
}
