package dev.slotwise.gateway.user;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.gateway.operator.OperatorAuthentication;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/**
 * Operator API: a tenant's users and their containment (CONTRACT §10) — list, disable or enable, set a new password.
 * A user of another tenant is 404. The operator token is checked by {@link OperatorAuthentication}.
 */
@RolesAllowed(OperatorAuthentication.ROLE)
@Path("/admin/v1/tenants/{tenantId}/users")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {

    private final TenantUsers users;

    public UserResource(TenantUsers users) {
        this.users = users;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@PathParam("tenantId") String tenantId, @Valid UserInput input) {
        RequestBody.require(input);
        return users.create(tenantId, input)
                .map(user -> Created.at("/admin/v1/tenants/" + tenantId + "/users/" + user.id(), user));
    }

    /** Newest first, as the tenant's API keys are listed. */
    @GET
    public Uni<Map<String, List<UserView>>> list(@PathParam("tenantId") String tenantId) {
        return users.list(tenantId).map(found -> Map.of("data", found));
    }

    @PATCH
    @Path("{userId}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    public Uni<UserView> update(@PathParam("tenantId") String tenantId, @PathParam("userId") String userId,
            JsonNode patch) {
        return users.update(tenantId, userId, patch);
    }

    @POST
    @Path("{userId}/password")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<UserView> resetPassword(@PathParam("tenantId") String tenantId, @PathParam("userId") String userId,
            @Valid PasswordInput input) {
        RequestBody.require(input);
        return users.resetPassword(tenantId, userId, input);
    }
}
