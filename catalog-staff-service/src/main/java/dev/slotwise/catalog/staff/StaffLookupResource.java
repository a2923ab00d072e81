package dev.slotwise.catalog.staff;

import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /internal/v1/staff/{id}}: the reference check of appointment-service. Any valid internal token of the
 * tenant may ask; the gateway never routes {@code /internal}.
 */
@Path("/internal/v1/staff")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class StaffLookupResource {

    private final StaffRoster roster;
    private final TenantContext tenant;

    public StaffLookupResource(StaffRoster roster, TenantContext tenant) {
        this.roster = roster;
        this.tenant = tenant;
    }

    @GET
    @Path("{id}")
    public Uni<StaffView> get(@PathParam("id") String id) {
        return roster.get(tenant.tenantId(), id);
    }
}
