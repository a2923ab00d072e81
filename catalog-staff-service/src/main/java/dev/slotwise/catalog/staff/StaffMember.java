package dev.slotwise.catalog.staff;

import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A member of a business's staff, who is booked for appointments and checks in and out of work. */
@Entity
@Table(name = "staff")
public class StaffMember extends TenantOwned {

    @Column(nullable = false)
    public String name;
    public String email;
    @Column(name = "checked_in", nullable = false)
    public boolean checkedIn;
    @Column(name = "last_check_in_at")
    public Instant lastCheckInAt;
    @Column(name = "last_check_out_at")
    public Instant lastCheckOutAt;
    /** The stored working hours of a member who has none. */
    static final String NO_HOURS = "[]";

    /** {@link WorkingHours} as JSON; {@link #NO_HOURS} when unset. */
    @Column(name = "working_hours", nullable = false)
    public String workingHours = NO_HOURS;
    /** The services the member performs; empty: every service. */
    @Column(name = "service_ids", nullable = false)
    @Convert(converter = ServiceIdsColumn.class)
    public List<String> serviceIds = List.of();

    /** The integrator's own key-value pairs (CONTRACT §19), never null. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> metadata = Metadata.of(null);
    /** The member's location (CONTRACT §17); null: the tenant's time zone. */
    @Column(name = "location_id")
    public String locationId;

    /** Applies {@code input} whose service ids and location were checked to be the tenant's. */

    void apply(StaffInput input) {
        name = input.name();
        email = input.email();
        serviceIds = input.serviceIdsOrNone();
        metadata = Metadata.of(input.metadata());
        locationId = input.locationId();
    }
}
