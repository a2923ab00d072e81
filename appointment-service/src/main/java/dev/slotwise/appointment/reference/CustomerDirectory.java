package dev.slotwise.appointment.reference;

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
 * customer-service as appointment-service sees it, with the fault tolerance of every call in one place
 * ({@link TenantGuards}): each attempt times out after 1 s, a failed one is retried twice (not a 4xx), and after half
 * of a tenant's last 10 calls failed that tenant's circuit opens for 5 s, so that a dead dependency costs callers
 * nothing but an immediate 503, and one tenant's trouble costs the others nothing at all.
 */
@ApplicationScoped
public class CustomerDirectory {

    private final CustomerClient client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public CustomerDirectory(@RestClient CustomerClient client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards("customer-service", policy, registry);
    }

    /** The customer of the caller's tenant (named by the token), or empty when there is none with this id. */
    public Uni<Optional<CustomerRef>> customer(String bearerToken, String id) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.customer(id, InternalLookups.bearer(bearerToken))));
    }
}
