package dev.slotwise.catalog.closure;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.LocalDate;

/** A day the whole business is closed (CONTRACT §15): a local date in the tenant's time zone. */
@Entity
@Table(name = "closures")
public class Closure extends TenantOwned {

    @Column(nullable = false, updatable = false)
    public LocalDate date;
    public String reason;
    /** The location that is closed (§17); null: the whole business. */
    @Column(name = "location_id", updatable = false)
    public String locationId;
}
