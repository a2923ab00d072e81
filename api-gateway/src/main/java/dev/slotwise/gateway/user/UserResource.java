package dev.slotwise.gateway.user;

import dev.slotwise.gateway.operator.OperatorAuthentication;
import jakarta.annotation.security.RolesAllowed;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.problem.RequestBody;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/** Operator API: a tenant's users (CONTRACT §10). The operator token is checked by OperatorTokenFilter. */
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

    @GET
    public Uni<Map<String, List<UserView>>> list(@PathParam("tenantId") String tenantId) {
        return users.list(tenantId).map(found -> Map.of("data", found));
    }
}
