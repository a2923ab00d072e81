package dev.slotwise.notification.directory;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The gateway's minting of this service's own internal tokens, one tenant at a time. */
@RegisterRestClient(configKey = "gateway")
@Path("/internal/v1/service-tokens")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface GatewayClient {

    @POST
    Uni<ServiceToken> mint(@HeaderParam("Authorization") String authorization, TokenRequest request);

    record TokenRequest(String tenantId) {
    }

    /** An internal token for the tenant (read scopes only), when it expires, and the tenant's name. */
    record ServiceToken(String token, long expiresAt, String tenantName) {
    }
}
