package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/webhook-endpoints} (CONTRACT §8), scope {@code webhooks.write}. */
@Path("/api/webhook-endpoints")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("webhooks.write")
public class EndpointResource {

    private final EndpointService endpoints;
    private final TenantContext tenant;

    public EndpointResource(EndpointService endpoints, TenantContext tenant) {
        this.endpoints = endpoints;
        this.tenant = tenant;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@Valid EndpointInput input) {
        if (input == null) {
            throw ApiException.malformed("the request body must be a JSON object");
        }
        return endpoints.create(tenant.tenantId(), input).map(created -> Response.status(Response.Status.CREATED)
                .header("Location", "/api/webhook-endpoints/" + created.id())
                .header("Cache-Control", "no-store")
                .entity(created).build());
    }

    @GET
    public Uni<Page<EndpointView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return endpoints.list(tenant.tenantId(), PageRequest.parse(limit, cursor, EndpointService.PREFIX));
    }

    @GET
    @Path("{id}")
    public Uni<EndpointView> get(@PathParam("id") String id) {
        return endpoints.get(tenant.tenantId(), id);
    }
}
