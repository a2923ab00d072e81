package dev.slotwise.catalog.staff;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/** A period, {@code [startsAt, endsAt)}, in which a staff member does not work (holiday, sick leave, training). */
@Entity
@Table(name = "time_off")
public class TimeOff extends TenantOwned {

    @Column(name = "staff_id", nullable = false, updatable = false)
    public String staffId;
    @Column(name = "starts_at", nullable = false)
    public Instant startsAt;
    @Column(name = "ends_at", nullable = false)
    public Instant endsAt;
    public String reason;
}
