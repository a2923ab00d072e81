package dev.slotwise.appointment.availability;

import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code GET /api/v1/availability} (CONTRACT §14): every free slot, not paged. */
@Path("/api/v1/availability")
@Produces(MediaType.APPLICATION_JSON)
public class AvailabilityResource {

    private final AvailabilitySearch search;
    private final TenantContext tenant;

    public AvailabilityResource(AvailabilitySearch search, TenantContext tenant) {
        this.search = search;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("appointments.read")
    public Uni<Response> search(@QueryParam("serviceId") String serviceId, @QueryParam("from") String from,
            @QueryParam("to") String to, @QueryParam("staffId") String staffId,
            @QueryParam("slotMinutes") String slotMinutes) {
        AvailabilityQuery query = AvailabilityQuery.parse(serviceId, from, to, staffId, slotMinutes);
        return search.search(tenant.tenantId(), tenant.bearerToken(), tenant.timeZone(), query)
                .map(answer -> Response.ok(answer, MediaType.APPLICATION_JSON_TYPE).build());
    }
}
