package dev.slotwise.gateway.apikey;

import dev.slotwise.gateway.operator.OperatorAuthentication;
import jakarta.annotation.security.RolesAllowed;
import dev.slotwise.commons.problem.RequestBody;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/** Operator API: a tenant's API keys (CONTRACT §10). */
@RolesAllowed(OperatorAuthentication.ROLE)
@Path("/admin/v1/tenants/{tenantId}/api-keys")
@Produces(MediaType.APPLICATION_JSON)
public class ApiKeyResource {

    private final ApiKeyService keys;

    public ApiKeyResource(ApiKeyService keys) {
        this.keys = keys;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@PathParam("tenantId") String tenantId, @Valid ApiKeyInput input) {
        RequestBody.require(input);
        return keys.create(tenantId, input).map(key -> Response.status(Response.Status.CREATED)
                .header("Location", "/admin/v1/tenants/" + tenantId + "/api-keys/" + key.id())
                .header("Cache-Control", "no-store")
                .entity(key).build());
    }

    @GET
    public Uni<Map<String, List<ApiKeyView>>> list(@PathParam("tenantId") String tenantId) {
        return keys.list(tenantId).map(list -> Map.of("data", list));
    }

    @DELETE
    @Path("{keyId}")
    public Uni<Response> revoke(@PathParam("tenantId") String tenantId, @PathParam("keyId") String keyId) {
        return keys.revoke(tenantId, keyId).replaceWith(Response.noContent().build());
    }
}
