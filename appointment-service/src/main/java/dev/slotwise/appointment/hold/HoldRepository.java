package dev.slotwise.appointment.hold;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Holds, always within one tenant. */
@ApplicationScoped
public class HoldRepository implements TenantScopedRepository<Hold> {

    static final String PREFIX = "hold";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "hold";
    }
}
