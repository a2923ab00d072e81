package dev.slotwise.appointment.reference;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** catalog-staff-service's internal lookups. Only {@link CatalogDirectory} uses it. */
@RegisterRestClient(configKey = "catalog-staff-service")
@Path("/internal/v1")
interface CatalogClient {

    @GET
    @Path("services/{id}")
    Uni<ServiceRef> service(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);

    @GET
    @Path("staff/{id}")
    Uni<StaffRef> staff(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
}
