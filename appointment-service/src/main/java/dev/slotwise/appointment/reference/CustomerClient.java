package dev.slotwise.appointment.reference;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** customer-service's internal lookup. Only {@link CustomerDirectory} uses it. */
@RegisterRestClient(configKey = "customer-service")
@Path("/internal/v1/customers")
interface CustomerClient {

    @GET
    @Path("{id}")
    Uni<CustomerRef> customer(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
}
