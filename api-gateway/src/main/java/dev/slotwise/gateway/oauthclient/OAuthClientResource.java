package dev.slotwise.gateway.oauthclient;

import dev.slotwise.gateway.operator.OperatorAuthentication;
import jakarta.annotation.security.RolesAllowed;
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

/** Operator API: OAuth client records (CONTRACT §10). The secret is shown once, in the 201, never again. */
@RolesAllowed(OperatorAuthentication.ROLE)
@Path("/admin/v1/oauth-clients")
@Produces(MediaType.APPLICATION_JSON)
public class OAuthClientResource {

    private final OAuthClients clients;

    public OAuthClientResource(OAuthClients clients) {
        this.clients = clients;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> register(@Valid OAuthClientInput input) {
        RequestBody.require(input);
        return clients.register(input).map(client -> Response.status(Response.Status.CREATED)
                .header("Location", "/admin/v1/oauth-clients/" + client.clientId())
                .header("Cache-Control", "no-store")
                .entity(client).build());
    }

    @GET
    public Uni<Map<String, List<OAuthClientView>>> list() {
        return clients.list().map(found -> Map.of("data", found));
    }

    @GET
    @Path("{clientId}")
    public Uni<OAuthClientView> get(@PathParam("clientId") String clientId) {
        return clients.get(clientId);
    }
}
