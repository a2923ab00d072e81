package dev.slotwise.appointment.appointment;

import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.Terms;
import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A customer's booking of one service with one staff member, over the half-open range [startsAt, endsAt), with the
 * buffers its service had when it was booked. While booked it occupies its staff member for
 * {@code [occupiedFrom, occupiedUntil)} — its time with the buffers — and the database's exclusion constraint keeps
 * two occupied ranges of one staff member apart (a no-show keeps only what had passed when it was marked).
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

    /** The length and buffers it was booked with, which a reschedule that keeps the service keeps too. */
    Terms terms() {
        return new Terms((int) Duration.between(startsAt, endsAt).toMinutes(), bufferBeforeMinutes,
                bufferAfterMinutes);
    }

    /** Takes the times and terms of the rules' plan for its one segment. */
    void place(Decision.PlannedSegment segment) {
        serviceId = segment.serviceId();
        staffId = segment.staffId();
        startsAt = segment.startsAt();
        endsAt = segment.endsAt();
        bufferBeforeMinutes = segment.terms().bufferBeforeMinutes();
        bufferAfterMinutes = segment.terms().bufferAfterMinutes();
        occupiedFrom = segment.occupiedFrom();
        occupiedUntil = segment.occupiedUntil();
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
