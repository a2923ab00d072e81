package dev.slotwise.catalog.staff;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Time off, always within one tenant. */
@ApplicationScoped
public class TimeOffRepository implements TenantScopedRepository<TimeOff> {

    static final String PREFIX = "tof";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "time off";
    }
}
