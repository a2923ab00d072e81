package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.identity.CredentialKind;
import dev.slotwise.commons.identity.VerifiedToken;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /internal/v1/grants/{grantId}/revoked}: the gateway says an OAuth grant was revoked, and the endpoints it
 * created go ({@link RevokedGrants}). Idempotent: the gateway tells it again until it got a 2xx. The internal token
 * must speak for that very grant ({@code credential_kind} {@code oauth_grant}, {@code sub} = the grant's id) in its
 * tenant; any other is 404, as for a resource of another. The gateway never routes {@code /internal}.
 */
@Path("/internal/v1/grants")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class RevokedGrantResource {

    private final RevokedGrants grants;
    private final TenantContext tenant;

    public RevokedGrantResource(RevokedGrants grants, TenantContext tenant) {
        this.grants = grants;
        this.tenant = tenant;
    }

    @POST
    @Path("{grantId}/revoked")
    public Uni<Map<String, Object>> revoked(@PathParam("grantId") String grantId) {
        VerifiedToken token = tenant.token();
        if (token.credentialKind() != CredentialKind.OAUTH_GRANT || !grantId.equals(token.subject())) {
            throw ApiException.notFound("grant");
        }
        return grants.revoked(tenant.tenantId(), grantId).map(deleted -> {
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("grantId", grantId);
            answer.put("endpointsDeleted", deleted);
            return answer;
        });
    }
}
