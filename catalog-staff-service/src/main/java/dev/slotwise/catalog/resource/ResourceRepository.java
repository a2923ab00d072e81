package dev.slotwise.catalog.resource;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Resources, always within one tenant. */
@ApplicationScoped
public class ResourceRepository implements TenantScopedRepository<BookableResource> {

    static final String PREFIX = "res";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "resource";
    }
}
