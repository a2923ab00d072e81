package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.rules.Window;
import dev.slotwise.appointment.visit.VisitInput;
import dev.slotwise.commons.http.QueryTimestamps;
import dev.slotwise.commons.problem.ApiException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The question of {@code GET /api/v1/availability} (CONTRACT §14, §16): slots for a visit of {@code serviceId} or of
 * {@code serviceIds} (1–5, comma-separated, in order) starting in {@code [from, to)}, at most 31 days apart, on a grid
 * of {@code slotMinutes} (5–60, default 15), of one staff member when {@code staffId} is given, or with whom Slotwise
 * would assign to each segment when {@code anyStaff} is true, of the staff at {@code locationId} only when it is given
 * (CONTRACT §17: an id of no location finds none). What cannot be read is 400, as for any list's parameters.
 */
record AvailabilityQuery(List<String> serviceIds, String serviceField, Instant from, Instant to, String staffId, boolean anyStaff,
        int slotMinutes, String locationId) {

    static final Duration LONGEST_SEARCH = Duration.ofDays(31);
    private static final Instant FIRST_WRITABLE = Instant.parse("0001-01-01T00:00:00Z");

    static AvailabilityQuery parse(String serviceId, String serviceIds, String from, String to, String staffId,
            String anyStaff, String slotMinutes, String locationId) {
        List<String> services = services(serviceId, serviceIds);
        boolean any = anyStaff(anyStaff);
        String staff = staffId == null || staffId.isBlank() ? null : staffId;
        if (any && staff != null) {
            throw ApiException.malformed("staffId and anyStaff=true cannot be combined: anyStaff lets Slotwise choose");
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
        if (locationId != null && locationId.isBlank()) {
            throw ApiException.malformed("locationId must not be empty");
        }
        return new AvailabilityQuery(services, serviceIds == null ? "serviceId" : "serviceIds", start, end, staff, any,
                grid(slotMinutes), locationId);
    }

    /** {@code serviceId} or {@code serviceIds}, exactly one. */
    private static List<String> services(String serviceId, String serviceIds) {
        boolean one = serviceId != null && !serviceId.isBlank();
        boolean several = serviceIds != null;
        if (one == several) {
            throw ApiException.malformed("give serviceId (one service) or serviceIds (a visit of 1 to 5), not both");
        }
        if (one) {
            return List.of(serviceId);
        }
        List<String> services = List.of(serviceIds.split(",", -1));
        if (services.isEmpty() || services.size() > VisitInput.MOST_SEGMENTS
                || services.stream().anyMatch(String::isBlank)) {
            throw ApiException.malformed("serviceIds must be 1 to 5 service ids separated by commas");
        }
        return services;
    }

    private static boolean anyStaff(String anyStaff) {
        if (anyStaff == null || "false".equals(anyStaff)) {
            return false;
        }
        if ("true".equals(anyStaff)) {
            return true;
        }
        throw ApiException.malformed("anyStaff must be true or false");
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
