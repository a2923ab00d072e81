package dev.slotwise.gateway.oauthclient;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.gateway.operator.OperatorAuthentication;
import jakarta.annotation.security.RolesAllowed;
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

/**
 * Operator API: OAuth client records and their containment (CONTRACT §10). A secret is shown once, in the 201 or the
 * answer to its rotation, never again.
 */
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
    public Uni<Page<OAuthClientView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return clients.list(PageRequest.parse(limit, cursor, "cli"));
    }

    @GET
    @Path("{clientId}")
    public Uni<OAuthClientView> get(@PathParam("clientId") String clientId) {
        return clients.get(clientId);
    }

    /** {@code {"disabled": true|false}} (CONTRACT §10, containment). */
    @PATCH
    @Path("{clientId}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    public Uni<OAuthClientView> update(@PathParam("clientId") String clientId, JsonNode patch) {
        return clients.update(clientId, patch);
    }

    @POST
    @Path("{clientId}/rotate-secret")
    public Uni<Response> rotateSecret(@PathParam("clientId") String clientId) {
        return clients.rotateSecret(clientId)
                .map(rotated -> Response.ok(rotated).header("Cache-Control", "no-store").build());
    }
}
