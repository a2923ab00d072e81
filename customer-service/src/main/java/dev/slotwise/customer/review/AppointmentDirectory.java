package dev.slotwise.customer.review;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.lookup.LookupPolicy;
import dev.slotwise.commons.lookup.TenantGuards;
import dev.slotwise.commons.tenant.TenantContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Optional;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * appointment-service's own answer to "whose appointment is this", for an appointment booked so recently that
 * {@link AppointmentProjection} has not seen its event yet. Behind the fault tolerance every reference lookup has.
 */
@ApplicationScoped
public class AppointmentDirectory {

    private final Lookup client;
    private final TenantContext tenant;
    private final TenantGuards guards;

    public AppointmentDirectory(@RestClient Lookup client, TenantContext tenant, LookupPolicy policy,
            MeterRegistry registry) {
        this.client = client;
        this.tenant = tenant;
        this.guards = new TenantGuards("appointment-service", policy, registry);
    }

    /** The appointment's customer, as appointment-service knows it now; empty when the tenant has no such id. */
    public Uni<Optional<Owner>> owner(String bearerToken, String appointmentId) {
        return guards.call(tenant.tenantId(), () -> InternalLookups.found(
                client.appointment(appointmentId, InternalLookups.bearer(bearerToken))));
    }

    @RegisterRestClient(configKey = "appointment-service")
    @Path("/internal/v1/appointments")
    public interface Lookup {
        @GET
        @Path("{id}")
        Uni<Owner> appointment(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
    }

    /** What a review needs of an appointment: that it exists in the tenant, and whose it is. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Owner(String id, String customerId) {
    }
}
