package dev.slotwise.catalog.closure;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Closures, always within one tenant. */
@ApplicationScoped
public class ClosureRepository implements TenantScopedRepository<Closure> {

    static final String PREFIX = "clo";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "closure";
    }
}
