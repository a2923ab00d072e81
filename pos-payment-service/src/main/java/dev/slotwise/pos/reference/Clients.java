package dev.slotwise.pos.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The internal lookups a sale needs, and what it reads of their answers. Only the directories use them. */
final class Clients {

    private Clients() {
    }

    @RegisterRestClient(configKey = "customer-service")
    @Path("/internal/v1/customers")
    interface Customers {
        @GET
        @Path("{id}")
        Uni<Ref> customer(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
    }

    @RegisterRestClient(configKey = "appointment-service")
    @Path("/internal/v1/appointments")
    interface Appointments {
        @GET
        @Path("{id}")
        Uni<AppointmentRef> appointment(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
    }

    @RegisterRestClient(configKey = "catalog-staff-service")
    @Path("/internal/v1")
    interface Catalog {
        @GET
        @Path("services/{id}")
        Uni<PricedRef> service(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);

        @GET
        @Path("products/{id}")
        Uni<PricedRef> product(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Ref(String id) {
    }
}
