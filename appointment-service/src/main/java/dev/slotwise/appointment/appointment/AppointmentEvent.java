package dev.slotwise.appointment.appointment;

import dev.slotwise.appointment.visit.VisitSegment;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * The data of every appointment.* event (CONTRACT §7): the start also as a local {@code date} and {@code time} in
 * the time zone of the appointment's location (CONTRACT §17), else the tenant's, which the event names, so a receiver can write "your appointment on 2026-11-24 at 10:30";
 * and the fields §15–§19 add to the appointment (its buffers, its cancellation, its segments, its location and
 * resources, its metadata).
 */
record AppointmentEvent(String id, String customerId, String serviceId, String staffId, String date, String time,
        String timeZone, Instant startsAt, Instant endsAt, AppointmentStatus status, int bufferBeforeMinutes,
        int bufferAfterMinutes, Cancellation cancellation, List<VisitSegment.View> segments, String locationId,
        List<String> resourceIds, Map<String, String> metadata) {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    /** The event data of {@code a}, in its location's zone, else in {@code tenantZone}. */
    static AppointmentEvent of(Appointment a, ZoneId tenantZone) {
        ZoneId zone = a.zone(tenantZone);
        LocalDateTime local = LocalDateTime.ofInstant(a.startsAt, zone);
        return new AppointmentEvent(a.id, a.customerId, a.serviceId, a.staffId, local.toLocalDate().toString(),
                local.format(TIME), zone.getId(), a.startsAt, a.endsAt, a.status, a.bufferBeforeMinutes,
                a.bufferAfterMinutes, Cancellation.of(a), VisitSegment.views(a.segments), a.locationId,
                VisitSegment.resourceIds(a.segments), a.metadata);
    }
}
