package dev.slotwise.pos.reference;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.lookup.LookupPolicy;
import dev.slotwise.commons.lookup.TenantGuards;
import dev.slotwise.commons.tenant.TenantContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * catalog-staff-service's services and products with their prices. Every lookup of a sale has the lookup policy of
 * {@link TenantGuards}: 1 s per attempt, two retries (never on a 4xx), a circuit and a bulkhead per tenant.
 */
@ApplicationScoped
public class CatalogDirectory {

    private final Clients.Catalog client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public CatalogDirectory(@RestClient Clients.Catalog client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards("catalog-staff-service", policy, registry);
    }

    public Uni<Optional<PricedRef>> service(String bearerToken, String id) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.service(id, InternalLookups.bearer(bearerToken))));
    }

    public Uni<Optional<PricedRef>> product(String bearerToken, String id) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.product(id, InternalLookups.bearer(bearerToken))));
    }
}
