package dev.slotwise.notification.intake;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What an appointment.* event says about its appointment (CONTRACT §7): with {@code segments} (§16) the services and
 * staff of every segment, otherwise the top-level {@code serviceId} and {@code staffId}.
 */
record AppointmentCopy(String id, String customerId, List<String> serviceIds, List<String> staffIds, Instant startsAt,
        Instant endsAt, String status, String timeZone, String locationId) {

    static AppointmentCopy of(JsonNode data) {
        List<String> services = new ArrayList<>();
        List<String> staff = new ArrayList<>();
        for (JsonNode segment : data.path("segments")) {
            addOnce(services, segment.path("serviceId").asText(null));
            addOnce(staff, segment.path("staffId").asText(null));
        }
        addOnce(services, data.path("serviceId").asText(null));
        addOnce(staff, data.path("staffId").asText(null));
        return new AppointmentCopy(text(data, "id"), text(data, "customerId"), services, staff,
                instant(data, "startsAt"), instant(data, "endsAt"), text(data, "status"),
                data.path("timeZone").asText("UTC"), data.path("locationId").asText(null));
    }

    /** Whether the customer would see a change: another start, end, staff or service. */
    boolean movedFrom(AppointmentCopy before) {
        return !startsAt.equals(before.startsAt) || !endsAt.equals(before.endsAt)
                || !staffIds.equals(before.staffIds) || !serviceIds.equals(before.serviceIds);
    }

    private static void addOnce(List<String> ids, String id) {
        if (id != null && !ids.contains(id)) {
            ids.add(id);
        }
    }

    private static Instant instant(JsonNode data, String field) {
        try {
            return Instant.parse(text(data, field));
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("the appointment event's " + field + " is no timestamp");
        }
    }

    private static String text(JsonNode data, String field) {
        JsonNode value = data.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("the appointment event has no " + field);
        }
        return value.asText();
    }
}
