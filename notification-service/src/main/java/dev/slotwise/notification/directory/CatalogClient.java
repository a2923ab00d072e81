package dev.slotwise.notification.directory;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** catalog-staff-service's API, read with this service's own internal token for the tenant. */
@RegisterRestClient(configKey = "catalog")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface CatalogClient {

    @GET
    @Path("services/{id}")
    Uni<JsonNode> service(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @GET
    @Path("staff/{id}")
    Uni<JsonNode> staff(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @GET
    @Path("booking-policy")
    Uni<JsonNode> bookingPolicy(@HeaderParam("Authorization") String authorization);
}
