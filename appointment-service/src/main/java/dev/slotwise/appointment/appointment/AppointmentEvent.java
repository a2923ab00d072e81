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
 * the tenant's time zone, which the event names, so a receiver can write "your appointment on 2026-11-24 at 10:30";
 * and the fields §15 and §16 add to the appointment (its buffers, its cancellation, its segments).
 */
record AppointmentEvent(String id, String customerId, String serviceId, String staffId, String date, String time,
        String timeZone, Instant startsAt, Instant endsAt, AppointmentStatus status, int bufferBeforeMinutes,
        int bufferAfterMinutes, Cancellation cancellation, List<VisitSegment.View> segments,
        Map<String, String> metadata) {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    static AppointmentEvent of(Appointment a, ZoneId zone) {
        LocalDateTime local = LocalDateTime.ofInstant(a.startsAt, zone);
        return new AppointmentEvent(a.id, a.customerId, a.serviceId, a.staffId, local.toLocalDate().toString(),
                local.format(TIME), zone.getId(), a.startsAt, a.endsAt, a.status, a.bufferBeforeMinutes,
                a.bufferAfterMinutes, Cancellation.of(a), VisitSegment.views(a.segments), a.metadata);
    }
}
