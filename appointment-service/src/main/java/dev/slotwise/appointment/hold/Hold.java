package dev.slotwise.appointment.hold;

import dev.slotwise.appointment.visit.SegmentsColumn;
import dev.slotwise.appointment.visit.VisitSegment;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/**
 * A hold (CONTRACT §16): a visit's time kept for a checkout until {@code expiresAt}. Its segments occupy their staff
 * in {@code visit_segments} (with their expiry as the end of their life) until it expires, is released
 * ({@code endedAt}) or is used for an appointment ({@code endedAt} and {@code appointmentId}).
 */
@Entity
@Table(name = "holds")
public class Hold extends TenantOwned {

    @Column(name = "starts_at", nullable = false)
    public Instant startsAt;
    @Column(name = "ends_at", nullable = false)
    public Instant endsAt;
    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;
    @Column(name = "ended_at")
    public Instant endedAt;
    @Column(name = "appointment_id")
    public String appointmentId;
    @Convert(converter = SegmentsColumn.class)
    @Column(nullable = false)
    public List<VisitSegment> segments;

    /** {@code active}, {@code expired}, {@code released} or {@code used}, at {@code now}. */
    String status(Instant now) {
        if (appointmentId != null) {
            return "used";
        }
        if (endedAt != null) {
            return "released";
        }
        return now.isBefore(expiresAt) ? "active" : "expired";
    }
}
