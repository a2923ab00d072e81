package dev.slotwise.gateway.tenant;

import dev.slotwise.gateway.operator.OperatorAuthentication;
import jakarta.annotation.security.RolesAllowed;
import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Operator API: tenants (CONTRACT §10). The operator token is checked by OperatorTokenFilter. */
@RolesAllowed(OperatorAuthentication.ROLE)
@Path("/admin/v1/tenants")
@Produces(MediaType.APPLICATION_JSON)
public class TenantResource {

    private final TenantService tenants;

    public TenantResource(TenantService tenants) {
        this.tenants = tenants;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@Valid TenantInput input) {
        RequestBody.require(input);
        return tenants.create(input).map(tenant -> Created.at("/admin/v1/tenants/" + tenant.id(), tenant));
    }

    @GET
    public Uni<Page<TenantView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return tenants.list(PageRequest.parse(limit, cursor, "ten"));
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    public Uni<TenantView> update(@PathParam("id") String id, JsonNode patch) {
        return tenants.update(id, patch);
    }

    @GET
    @Path("{id}")
    public Uni<TenantView> get(@PathParam("id") String id) {
        return tenants.get(id);
    }
}
