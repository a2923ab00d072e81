package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;

/** A customer's booking of one service with one staff member, over the half-open range [startsAt, endsAt). */
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
    @Convert(converter = StatusColumn.class)
    @Column(nullable = false)
    public AppointmentStatus status;
    public String notes;

    Duration length() {
        return Duration.between(startsAt, endsAt);
    }

    /** Moves a booked appointment to {@code next}; anything else is 409 {@code invalid_transition}. */
    void moveTo(AppointmentStatus next, Instant now) {
        requireBooked("be " + next.wireName());
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
