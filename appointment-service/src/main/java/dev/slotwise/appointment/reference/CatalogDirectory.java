package dev.slotwise.appointment.reference;

import dev.slotwise.appointment.rules.BookingContext;
import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.lookup.LookupPolicy;
import dev.slotwise.commons.lookup.TenantGuards;
import dev.slotwise.commons.tenant.TenantContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * catalog-staff-service as appointment-service sees it: one lookup, the booking context (everything of the catalog
 * a booking decision or a search needs, in one round trip), behind the lookup policy every reference check has
 * ({@link TenantGuards}: a timeout per attempt, retries, and a circuit and a bulkhead per tenant). A catalog that
 * does not answer is the client's 503 {@code upstream_unavailable}.
 */
@ApplicationScoped
public class CatalogDirectory {

    private static final String DEPENDENCY = "catalog-staff-service";

    private final CatalogClient client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public CatalogDirectory(@RestClient CatalogClient client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards(DEPENDENCY, policy, registry);
    }

    /**
     * The policy, the services and staff named (no staff: every one who performs one of the services), their
     * calendars in {@code [from, to)}, and the closed days around it. Ids must have the shape of ids.
     */
    public Uni<BookingContext> bookingContext(String bearerToken, List<String> serviceIds, List<String> staffIds,
            Instant from, Instant to) {
        return InternalLookups.guarded(DEPENDENCY, guards.call(tenant.tenantId(), () -> client.bookingContext(
                serviceIds, staffIds, from.toString(), to.toString(), InternalLookups.bearer(bearerToken))));
    }
}
