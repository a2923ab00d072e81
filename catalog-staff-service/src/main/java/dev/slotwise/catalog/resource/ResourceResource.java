package dev.slotwise.catalog.resource;

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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /api/v1/resources}: rooms, chairs, equipment (CONTRACT §17). */
@Path("/api/v1/resources")
@Produces(MediaType.APPLICATION_JSON)
public class ResourceResource {

    private final Resources resources;
    private final TenantContext tenant;

    public ResourceResource(Resources resources, TenantContext tenant) {
        this.resources = resources;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("settings.read")
    public Uni<Page<ResourceView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
                                        @Context UriInfo uri) {
        // read from the query itself: a filter given empty (?type=) is malformed, not absent
        MultivaluedMap<String, String> query = uri.getQueryParameters();
        return resources.list(tenant.tenantId(), ResourceFilter.parse(query.getFirst("type"), query.getFirst("locationId")),
                PageRequest.parse(limit, cursor, ResourceRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("settings.write")
    public Uni<Response> create(@Valid ResourceInput input) {
        RequestBody.require(input);
        return resources.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/resources/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("settings.read")
    public Uni<ResourceView> get(@PathParam("id") String id) {
        return resources.get(tenant.tenantId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("settings.write")
    public Uni<ResourceView> update(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch,
                                    JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return resources.update(tenant.tenantId(), id, patch, ifMatch);
    }
}
