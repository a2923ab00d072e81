package dev.slotwise.customer.customer;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.lookup.LookupPolicy;
import dev.slotwise.commons.lookup.TenantGuards;
import dev.slotwise.commons.problem.ApiException;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Before a customer is erased, appointment-service seals its id (CONTRACT §19): under a lock that every booking of
 * that customer takes too, it refuses when the customer has a booked appointment ahead (409
 * {@code customer_has_upcoming_appointments}), and otherwise records the id as erased, so that no booking made from
 * then on can name it — whatever race the booking and the erasure run. Sealing twice is harmless.
 */
@ApplicationScoped
public class BookingSeal {

    private final Client client;
    private final TenantGuards guards;

    public BookingSeal(@RestClient Client client, LookupPolicy policy, MeterRegistry registry) {
        this.client = client;
        this.guards = new TenantGuards("appointment-service", policy, registry);
    }

    /** Seals the customer's id; fails as the 409 above, or 503 when appointment-service does not answer. */
    Uni<Void> seal(String tenantId, String bearerToken, String customerId) {
        Uni<Boolean> sealed = guards.call(tenantId, () -> client.seal(customerId, InternalLookups.bearer(bearerToken))
                .replaceWith(Boolean.TRUE)
                .onFailure(BookingSeal::upcoming).recoverWithItem(Boolean.FALSE));
        return InternalLookups.guarded("appointment-service", sealed).invoke(done -> {
            if (!done) {
                throw ApiException.conflict("customer_has_upcoming_appointments",
                        "the customer has a booked appointment ahead; cancel it before erasing the customer");
            }
        }).replaceWithVoid();
    }

    private static boolean upcoming(Throwable failure) {
        return failure instanceof WebApplicationException web && web.getResponse().getStatus() == 409;
    }

    @RegisterRestClient(configKey = "appointment-service")
    @Path("/internal/v1/customer-erasures")
    public interface Client {
        @POST
        @Path("{customerId}")
        Uni<Void> seal(@PathParam("customerId") String customerId, @HeaderParam("Authorization") String authorization);
    }
}
