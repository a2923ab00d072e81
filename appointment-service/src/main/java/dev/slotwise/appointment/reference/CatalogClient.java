package dev.slotwise.appointment.reference;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** catalog-staff-service's internal lookups. Only {@link CatalogDirectory} uses it. */
@RegisterRestClient(configKey = "catalog-staff-service")
@Path("/internal/v1")
interface CatalogClient {

    @GET
    @Path("services/{id}")
    Uni<ServiceRef> service(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);

    @GET
    @Path("staff/{id}/schedule")
    Uni<StaffSchedule> schedule(@PathParam("id") String id, @QueryParam("from") String from,
            @QueryParam("to") String to, @HeaderParam("Authorization") String authorization);

    @GET
    @Path("staff-schedules")
    Uni<StaffSchedules> schedulesPerforming(@QueryParam("serviceId") String serviceId,
            @QueryParam("staffId") String staffId, @QueryParam("from") String from, @QueryParam("to") String to,
            @HeaderParam("Authorization") String authorization);
}
