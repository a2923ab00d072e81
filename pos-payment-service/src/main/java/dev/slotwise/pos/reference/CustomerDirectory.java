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

/** customer-service's customers, behind the fault tolerance every lookup of a sale has ({@link TenantGuards}). */
@ApplicationScoped
public class CustomerDirectory {

    private final Clients.Customers client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public CustomerDirectory(@RestClient Clients.Customers client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards("customer-service", policy, registry);
    }

    public Uni<Boolean> exists(String bearerToken, String id) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.customer(id, InternalLookups.bearer(bearerToken)))).map(Optional::isPresent);
    }
}
