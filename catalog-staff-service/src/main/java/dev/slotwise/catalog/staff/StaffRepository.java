package dev.slotwise.catalog.staff;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Staff members, always within one tenant. */
@ApplicationScoped
public class StaffRepository implements TenantScopedRepository<StaffMember> {

    static final String PREFIX = "stf";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "staff member";
    }
}
