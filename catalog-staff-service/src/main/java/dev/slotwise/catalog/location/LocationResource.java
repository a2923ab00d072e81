package dev.slotwise.catalog.location;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/v1/locations} (CONTRACT §17). */
@Path("/api/v1/locations")
@Produces(MediaType.APPLICATION_JSON)
public class LocationResource {

    private final Locations locations;
    private final TenantContext tenant;

    public LocationResource(Locations locations, TenantContext tenant) {
        this.locations = locations;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("settings.read")
    public Uni<Page<LocationView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return locations.list(tenant.tenantId(), PageRequest.parse(limit, cursor, LocationRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("settings.write")
    public Uni<Response> create(@Valid LocationInput input) {
        RequestBody.require(input);
        return locations.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/locations/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("settings.read")
    public Uni<LocationView> get(@PathParam("id") String id) {
        return locations.get(tenant.tenantId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("settings.write")
    public Uni<LocationView> update(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch,
                                    JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return locations.update(tenant.tenantId(), id, patch, ifMatch);
    }
}
