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

/** appointment-service's appointments, behind the fault tolerance every lookup of a sale has. */
@ApplicationScoped
public class AppointmentDirectory {

    private final Clients.Appointments client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public AppointmentDirectory(@RestClient Clients.Appointments client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards("appointment-service", policy, registry);
    }

    public Uni<Optional<AppointmentRef>> appointment(String bearerToken, String id) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.appointment(id, InternalLookups.bearer(bearerToken))));
    }
}
