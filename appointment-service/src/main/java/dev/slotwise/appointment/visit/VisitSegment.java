package dev.slotwise.appointment.visit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.Terms;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One segment of a booked visit or a hold as stored with it (CONTRACT §16): the service, its staff member, its time,
 * and the buffers it was booked with (which a reschedule keeps).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VisitSegment(String serviceId, String staffId, Instant startsAt, Instant endsAt,
        int bufferBeforeMinutes, int bufferAfterMinutes) {

    /** The segments of the rules' plan. */
    public static List<VisitSegment> of(Decision.Plan plan) {
        return plan.segments().stream().map(segment -> new VisitSegment(segment.serviceId(), segment.staffId(),
                segment.startsAt(), segment.endsAt(), segment.terms().bufferBeforeMinutes(),
                segment.terms().bufferAfterMinutes())).toList();
    }

    /** The length and buffers it was booked with. */
    public Terms terms() {
        return new Terms((int) Duration.between(startsAt, endsAt).toMinutes(), bufferBeforeMinutes,
                bufferAfterMinutes);
    }

    /** As the API shows it: {@code {"serviceId", "staffId", "startsAt", "endsAt"}}. */
    public View view() {
        return new View(serviceId, staffId, startsAt, endsAt);
    }

    public static List<View> views(List<VisitSegment> segments) {
        return segments.stream().map(VisitSegment::view).toList();
    }

    /** A segment as appointments, holds, slots and events show it. */
    public record View(String serviceId, String staffId, Instant startsAt, Instant endsAt) {
    }
}
