package dev.slotwise.catalog.service;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.Set;
import java.util.stream.Collectors;

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

    /** Those of {@code ids} that are services of the tenant (in the caller's session). */
    public Uni<Set<String>> idsAmong(String tenantId, Collection<String> ids) {
        return list("tenantId = :tenant and id in :ids", Parameters.with("tenant", tenantId).and("ids", ids))
                .map(found -> found.stream().map(service -> service.id).collect(Collectors.toSet()));
    }
}
