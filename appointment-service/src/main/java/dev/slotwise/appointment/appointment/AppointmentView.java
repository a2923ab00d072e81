package dev.slotwise.appointment.appointment;

import dev.slotwise.appointment.visit.VisitSegment;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The appointment resource of CONTRACT §5, with the buffers it was booked with and its cancellation (§15), and its
 * segments (§16), and its location and resources (§17).
 */
public record AppointmentView(String id, String customerId, String serviceId, String staffId, Instant startsAt,
        Instant endsAt, AppointmentStatus status, String notes, int bufferBeforeMinutes, int bufferAfterMinutes,
        List<VisitSegment.View> segments, String locationId, List<String> resourceIds, Cancellation cancellation,
        Map<String, String> metadata, Instant createdAt, Instant updatedAt) {

    static AppointmentView of(Appointment a) {
        return new AppointmentView(a.id, a.customerId, a.serviceId, a.staffId, a.startsAt, a.endsAt, a.status, a.notes,
                a.bufferBeforeMinutes, a.bufferAfterMinutes, VisitSegment.views(a.segments), a.locationId,
                VisitSegment.resourceIds(a.segments), Cancellation.of(a),
                a.metadata, a.createdAt, a.updatedAt);
    }
}
