package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.http.QueryTimestamps;
import dev.slotwise.commons.metadata.MetadataFilter;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.panache.common.Parameters;
import java.time.Instant;

/**
 * The filters of {@code GET /api/v1/appointments}: appointments that start in [{@code from}, {@code to}), of one
 * staff member, of one customer, in one status, with one metadata value (§19), at one location (§17). An unparseable value is 400 (CONTRACT §1).
 */
record AppointmentFilter(Instant from, Instant to, String staffId, String customerId, AppointmentStatus status,
        MetadataFilter metadata, String locationId) {

    static AppointmentFilter parse(String from, String to, String staffId, String customerId, String status,
            MetadataFilter metadata, String locationId) {
        Instant start = QueryTimestamps.optional("from", from);
        Instant end = QueryTimestamps.optional("to", to);
        if (start != null && end != null && !end.isAfter(start)) {
            throw ApiException.malformed("to must be later than from");
        }
        AppointmentStatus wanted = null;
        if (status != null) {
            wanted = AppointmentStatus.parse(status);
            if (wanted == null) {
                throw ApiException.malformed("status must be one of booked, cancelled, completed, no_show");
            }
        }
        return new AppointmentFilter(start, end, blankToNull(staffId), blankToNull(customerId), wanted,
                metadata, blankToNull(locationId));
    }

    /** HQL conditions (each starting with " and ") and their parameters. */
    String conditions(Parameters parameters) {
        StringBuilder where = new StringBuilder();
        if (from != null) {
            where.append(" and startsAt >= :from");
            parameters.and("from", from);
        }
        if (to != null) {
            where.append(" and startsAt < :to");
            parameters.and("to", to);
        }
        if (staffId != null) {
            where.append(" and staffId = :staff");
            parameters.and("staff", staffId);
        }
        if (customerId != null) {
            where.append(" and customerId = :customer");
            parameters.and("customer", customerId);
        }
        if (locationId != null) {
            where.append(" and locationId = :location");
            parameters.and("location", locationId);
        }
        if (status != null) {
            where.append(" and status = :status");
            parameters.and("status", status);
        }
        if (metadata != null) {
            // the GIN index of V4, through the inlined metadata_has (CONTRACT §19)
            where.append(" and function('metadata_has', metadata, :metadata) = true");
            parameters.and("metadata", metadata.containment());
        }
        return where.toString();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
