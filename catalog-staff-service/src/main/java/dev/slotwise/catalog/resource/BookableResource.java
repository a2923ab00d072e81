package dev.slotwise.catalog.resource;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/**
 * A room, chair or piece of equipment (CONTRACT §17) that a booking of a service requiring its type takes for the
 * booking's occupied range. Its type and location never change; a deactivated one keeps its bookings.
 */
@Entity
@Table(name = "resources")
public class BookableResource extends TenantOwned {

    @Column(nullable = false)
    public String name;
    @Column(nullable = false, updatable = false)
    public String type;
    @Column(name = "location_id", updatable = false)
    public String locationId;
    @Column(nullable = false)
    public boolean active = true;
}
