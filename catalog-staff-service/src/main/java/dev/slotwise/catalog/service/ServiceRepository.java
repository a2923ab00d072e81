package dev.slotwise.catalog.service;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Services, always within one tenant. */
@ApplicationScoped
public class ServiceRepository implements TenantScopedRepository<BookableService> {

    static final String PREFIX = "svc";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "service";
    }
}
