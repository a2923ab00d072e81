package dev.slotwise.appointment.visit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.Terms;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One segment of a booked visit or a hold as stored with it (CONTRACT §16): the service, its staff member, its time,
 * the buffers it was booked with (which a reschedule keeps), the resources it takes (§17; empty for a service that
 * requires none, and in what was stored before resources) and its staff member's location with that location's time
 * zone (null without one).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VisitSegment(String serviceId, String staffId, Instant startsAt, Instant endsAt,
        int bufferBeforeMinutes, int bufferAfterMinutes, List<String> resourceIds, String locationId,
        String timeZone) {

    public VisitSegment {
        resourceIds = resourceIds == null ? List.of() : List.copyOf(resourceIds);
    }

    /** The segments of the rules' plan. */
    public static List<VisitSegment> of(Decision.Plan plan) {
        return plan.segments().stream().map(segment -> new VisitSegment(segment.serviceId(), segment.staffId(),
                segment.startsAt(), segment.endsAt(), segment.terms().bufferBeforeMinutes(),
                segment.terms().bufferAfterMinutes(), segment.resourceIds(), segment.locationId(),
                segment.timeZone())).toList();
    }

    /** The length and buffers it was booked with. */
    public Terms terms() {
        return new Terms((int) Duration.between(startsAt, endsAt).toMinutes(), bufferBeforeMinutes,
                bufferAfterMinutes);
    }

    /** As the API shows it: {@code {"serviceId", "staffId", "startsAt", "endsAt", "resourceIds"}}. */
    public View view() {
        return new View(serviceId, staffId, startsAt, endsAt, resourceIds);
    }

    public static List<View> views(List<VisitSegment> segments) {
        return segments.stream().map(VisitSegment::view).toList();
    }

    /** The resources of a visit, each once, in the order its segments take them. */
    public static List<String> resourceIds(List<VisitSegment> segments) {
        return segments.stream().flatMap(segment -> segment.resourceIds().stream()).distinct().toList();
    }

    /** A segment as appointments, holds and events show it. */
    public record View(String serviceId, String staffId, Instant startsAt, Instant endsAt, List<String> resourceIds) {
    }
}
