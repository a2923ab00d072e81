package dev.slotwise.commons.identity;

import io.quarkus.arc.properties.UnlessBuildProperty;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A service's one way in: {@code Authorization: Bearer <internal token>}, verified locally
 * ({@link InternalTokenVerifier}, no round trip), becomes an identity named by the token's {@code sub} whose roles are
 * its scopes; the token itself is the identity's attribute {@link VerifiedToken#ATTRIBUTE}. A request without a
 * bearer token is anonymous (and refused by every resource's {@code @RolesAllowed}); one with a token that does not
 * verify fails authentication: 401 either way. The gateway, which issues these tokens instead of reading them, builds
 * without it ({@code chassis.internal-token-auth=off}).
 */
@ApplicationScoped
@UnlessBuildProperty(name = "chassis.internal-token-auth", stringValue = "off", enableIfMissing = true)
public class InternalTokenAuthentication implements HttpAuthenticationMechanism {

    private static final String BEARER = "Bearer ";

    private final InternalTokenVerifier verifier;

    public InternalTokenAuthentication(
            @ConfigProperty(name = "slotwise.internal-token.public-key") String publicKey,
            @ConfigProperty(name = "slotwise.internal-token.additional-public-key") Optional<String> additionalPublicKey,
            @ConfigProperty(name = "slotwise.internal-token.issuer") String issuer,
            @ConfigProperty(name = "slotwise.internal-token.audience") String audience) {
        this.verifier = new InternalTokenVerifier(publicKey, additionalPublicKey, issuer, audience, Clock.systemUTC());
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String bearer = bearerOf(context.request().getHeader(HttpHeaders.AUTHORIZATION));
        if (bearer == null) {
            return Uni.createFrom().nullItem();
        }
        return verifier.verify(bearer)
                .map(token -> Uni.createFrom().item(identityOf(token)))
                .orElseGet(() -> Uni.createFrom().failure(new AuthenticationFailedException()));
    }

    /**
     * The verified token of an {@code Authorization} header, or {@code empty} when the header holds no bearer token
     * or one that does not verify: the same check {@link #authenticate} makes, for a route that answers without the
     * security layer ({@link dev.slotwise.commons.http.PlainReadRoute}).
     */
    public Optional<VerifiedToken> verifiedBearer(String authorization) {
        String bearer = bearerOf(authorization);
        return bearer == null ? Optional.empty() : verifier.verify(bearer);
    }

    /** The token of a {@code Bearer} header (any case), or {@code null} when the header holds none. */
    private static String bearerOf(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        return authorization.substring(BEARER.length()).trim();
    }

    static SecurityIdentity identityOf(VerifiedToken token) {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(token.subject()))
                .addRoles(token.scopes())
                .addAttribute(VerifiedToken.ATTRIBUTE, token)
                .build();
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer"));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of();
    }
}
