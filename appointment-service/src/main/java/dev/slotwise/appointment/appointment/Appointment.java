package dev.slotwise.appointment.appointment;

import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.visit.SegmentsColumn;
import dev.slotwise.appointment.visit.VisitSegment;
import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A customer's visit: one or more services following one another (CONTRACT §16), each with its staff member, over the
 * half-open range [startsAt, endsAt). {@code serviceId}, {@code staffId} and the buffer before are its first
 * segment's, the buffer after its last one's, {@code [occupiedFrom, occupiedUntil)} the whole of what it occupies;
 * each segment's occupied range (its time with the buffers its service had when it was booked) is a row of
 * {@code visit_segments}, whose exclusion constraint keeps two occupied ranges of one staff member apart (a no-show
 * keeps only what had passed when it was marked).
 */
@Entity
@Table(name = "appointments")
public class Appointment extends TenantOwned {

    @Column(name = "customer_id", nullable = false, updatable = false)
    public String customerId;
    @Column(name = "service_id", nullable = false)
    public String serviceId;
    @Column(name = "staff_id", nullable = false)
    public String staffId;
    @Column(name = "starts_at", nullable = false)
    public Instant startsAt;
    @Column(name = "ends_at", nullable = false)
    public Instant endsAt;
    @Column(name = "buffer_before_minutes", nullable = false)
    public int bufferBeforeMinutes;
    @Column(name = "buffer_after_minutes", nullable = false)
    public int bufferAfterMinutes;
    @Column(name = "occupied_from", nullable = false)
    public Instant occupiedFrom;
    @Column(name = "occupied_until", nullable = false)
    public Instant occupiedUntil;
    @Convert(converter = StatusColumn.class)
    @Column(nullable = false)
    public AppointmentStatus status;
    public String notes;
    /** The integrator's own key-value pairs (CONTRACT §19), never null. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> metadata = Metadata.of(null);
    @Column(name = "cancellation_reason")
    public String cancellationReason;
    @Convert(converter = CancelledByColumn.class)
    @Column(name = "cancelled_by")
    public CancelledBy cancelledBy;
    @Column(name = "cancelled_at")
    public Instant cancelledAt;
    @Convert(converter = SegmentsColumn.class)
    @Column(nullable = false)
    public List<VisitSegment> segments;
    /** The location of its first staff member (CONTRACT §17); null without one. */
    @Column(name = "location_id")
    public String locationId;
    /** That location's time zone when the appointment was booked or last moved; null: the tenant's. */
    @Column(name = "location_time_zone")
    public String locationTimeZone;

    /** Takes the times, staff and terms of the rules' plan. */
    void place(Decision.Plan plan) {
        place(VisitSegment.of(plan));
    }

    /** Takes the times, staff and terms of these segments (a visit's, one after another). */
    void place(List<VisitSegment> visit) {
        VisitSegment first = visit.get(0);
        VisitSegment last = visit.get(visit.size() - 1);
        serviceId = first.serviceId();
        staffId = first.staffId();
        startsAt = first.startsAt();
        endsAt = last.endsAt();
        bufferBeforeMinutes = first.bufferBeforeMinutes();
        bufferAfterMinutes = last.bufferAfterMinutes();
        occupiedFrom = visit.stream().map(s -> s.startsAt().minus(Duration.ofMinutes(s.bufferBeforeMinutes())))
                .min(Instant::compareTo).orElseThrow();
        occupiedUntil = visit.stream().map(s -> s.endsAt().plus(Duration.ofMinutes(s.bufferAfterMinutes())))
                .max(Instant::compareTo).orElseThrow();
        segments = visit;
        locationId = first.locationId();
        locationTimeZone = first.timeZone();
    }

    /** The zone its events' local date and time are in: its location's, else {@code tenantZone}. */
    ZoneId zone(ZoneId tenantZone) {
        return locationTimeZone == null ? tenantZone : ZoneId.of(locationTimeZone);
    }

    /** Moves a booked appointment to {@code next}; anything else is 409 {@code invalid_transition}. */
    void moveTo(AppointmentStatus next, Instant now) {
        requireBooked("be " + next.wireName().replace('_', '-'));
        status = next;
        updatedAt = now;
    }

    void requireBooked(String action) {
        if (status != AppointmentStatus.BOOKED) {
            throw ApiException.conflict("invalid_transition",
                    "the appointment is " + status.wireName() + " and can no longer " + action);
        }
    }
}
