package dev.slotwise.commons.identity;

import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.resteasy.reactive.server.EndpointDisabled;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code GET /internal/v1/identity}: what this service read from the internal token (the credential and its kind,
 * tenant, scopes, time zone). Not routed by the gateway; for operators and for tests of the token path of every
 * service. The gateway, which issues internal tokens rather than reading them, builds without it
 * ({@code chassis.identity-endpoint=off}).
 */
@EndpointDisabled(name = "chassis.identity-endpoint", stringValue = "off")
@Path("/internal/v1/identity")
@Produces(MediaType.APPLICATION_JSON)
public class IdentityResource {

    private final SecurityIdentity identity;
    private final TenantContext tenant;

    public IdentityResource(SecurityIdentity identity, TenantContext tenant) {
        this.identity = identity;
        this.tenant = tenant;
    }

    public record Identity(String subject, String credentialKind, String tenantId, Set<String> scopes,
            String timeZone) {
    }

    @GET
    @Authenticated
    public Identity identity() {
        VerifiedToken token = tenant.token();
        String kind = token.credentialKind() == null ? null : token.credentialKind().claimValue();
        return new Identity(token.subject(), kind, token.tenantId(), new TreeSet<>(identity.getRoles()),
                token.timeZone());
    }
}
