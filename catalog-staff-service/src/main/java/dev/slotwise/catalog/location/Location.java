package dev.slotwise.catalog.location;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A place of the business (CONTRACT §17) with its own time zone, in which its staff's hours and days are kept. */
@Entity
@Table(name = "locations")
public class Location extends TenantOwned {

    @Column(nullable = false)
    public String name;
    /** An IANA time zone name. */
    @Column(name = "time_zone", nullable = false)
    public String timeZone;
    public String address;
    public String phone;

    void apply(LocationInput input) {
        name = input.name();
        timeZone = input.timeZone();
        address = input.address();
        phone = input.phone();
    }
}
