package dev.slotwise.appointment.reference;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.lookup.LookupPolicy;
import dev.slotwise.commons.lookup.TenantGuards;
import dev.slotwise.commons.tenant.TenantContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * catalog-staff-service as appointment-service sees it, behind the lookup policy every reference check has
 * ({@link TenantGuards}: a timeout per attempt, retries, and a circuit and a bulkhead per tenant).
 */
@ApplicationScoped
public class CatalogDirectory {

    private final CatalogClient client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public CatalogDirectory(@RestClient CatalogClient client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards("catalog-staff-service", policy, registry);
    }

    public Uni<Optional<ServiceRef>> service(String bearerToken, String id) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.service(id, InternalLookups.bearer(bearerToken))));
    }

    /** The staff member's schedule with their time off in {@code [from, to)}, or empty when there is no such member. */
    public Uni<Optional<StaffSchedule>> schedule(String bearerToken, String id, Instant from, Instant to) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.schedule(id, from.toString(), to.toString(),
                        InternalLookups.bearer(bearerToken))));
    }

    /**
     * The schedules of the staff with working hours who perform the service (only {@code staffId}'s when given),
     * time off in {@code [from, to)}; empty when {@code staffId} names no staff member.
     */
    public Uni<Optional<StaffSchedules>> schedulesPerforming(String bearerToken, String serviceId, String staffId,
            Instant from, Instant to) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.schedulesPerforming(serviceId, staffId, from.toString(), to.toString(),
                        InternalLookups.bearer(bearerToken))));
    }
}
