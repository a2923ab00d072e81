package dev.slotwise.webhooks.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.json.NoFields;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /api/webhook-endpoints} (CONTRACT §8), scope {@code webhooks.write}; each endpoint only for the callers that
 * reach it ({@link Caller}).
 */
@Path("/api/webhook-endpoints")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("webhooks.write")
public class EndpointResource {

    private final EndpointService endpoints;
    private final EndpointLifecycle lifecycle;
    private final TenantContext tenant;

    public EndpointResource(EndpointService endpoints, EndpointLifecycle lifecycle, TenantContext tenant) {
        this.endpoints = endpoints;
        this.lifecycle = lifecycle;
        this.tenant = tenant;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@Valid EndpointInput input) {
        RequestBody.require(input);
        return endpoints.create(Caller.of(tenant), input).map(created -> Response.status(Response.Status.CREATED)
                .header("Location", "/api/webhook-endpoints/" + created.id())
                .header("Cache-Control", "no-store")
                .entity(created).build());
    }

    @GET
    public Uni<Page<EndpointView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return endpoints.list(Caller.of(tenant), PageRequest.parse(limit, cursor, EndpointService.PREFIX));
    }

    @GET
    @Path("{id}")
    public Uni<EndpointView> get(@PathParam("id") String id) {
        return endpoints.get(Caller.of(tenant), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    public Uni<EndpointView> update(@PathParam("id") String id, JsonNode patch) {
        return lifecycle.update(Caller.of(tenant), id, patch);
    }

    @DELETE
    @Path("{id}")
    public Uni<Response> delete(@PathParam("id") String id) {
        return lifecycle.delete(Caller.of(tenant), id).replaceWith(Response.noContent().build());
    }

    @POST
    @Path("{id}/rotate-secret")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> rotateSecret(@PathParam("id") String id, NoFields none) {
        return lifecycle.rotateSecret(Caller.of(tenant), id)
                .map(secret -> Response.ok(secret).header("Cache-Control", "no-store").build());
    }
}
