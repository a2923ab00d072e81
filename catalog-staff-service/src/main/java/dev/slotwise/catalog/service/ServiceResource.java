package dev.slotwise.catalog.service;

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

/** {@code /api/v1/services} (CONTRACT §5). */
@Path("/api/v1/services")
@Produces(MediaType.APPLICATION_JSON)
public class ServiceResource {

    private final ServiceCatalog catalog;
    private final TenantContext tenant;

    public ServiceResource(ServiceCatalog catalog, TenantContext tenant) {
        this.catalog = catalog;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("services.read")
    public Uni<Page<ServiceView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return catalog.list(tenant.tenantId(), PageRequest.parse(limit, cursor, ServiceRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("services.write")
    public Uni<Response> create(@Valid ServiceInput input) {
        RequestBody.require(input);
        return catalog.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/services/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("services.read")
    public Uni<ServiceView> get(@PathParam("id") String id) {
        return catalog.get(tenant.tenantId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("services.write")
    public Uni<ServiceView> update(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch,
                                    JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return catalog.update(tenant.tenantId(), id, patch, ifMatch);
    }
}
