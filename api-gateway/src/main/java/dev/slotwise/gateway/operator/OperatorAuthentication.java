package dev.slotwise.gateway.operator;

import dev.slotwise.commons.problem.ProblemMapper;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.proxy.ClientAddress;
import dev.slotwise.gateway.ratelimit.AuthFailureLimiter;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The operator's sign-in to the admin API, as a Quarkus authentication mechanism: {@code Authorization: Bearer
 * <SLOTWISE_ADMIN_TOKEN>} (compared in constant time) is the identity {@code operator} with the role
 * {@link #ROLE}, which every operator resource requires ({@code @RolesAllowed}). Authorization is by annotation, never
 * by a path prefix: a path that slips past a prefix check (the class of CVE-2026-39852) reaches no resource without
 * its role. A bearer token that is not the operator's is a failed authentication and counts against the address like
 * one at the API (CONTRACT §6): past the limit, 429 with {@code Retry-After}. The right token is never refused.
 */
@ApplicationScoped
public class OperatorAuthentication implements HttpAuthenticationMechanism {

    public static final String ROLE = "operator";
    private static final String BEARER = "Bearer ";

    private final byte[] expected;
    private final AuthFailureLimiter failures;
    private final ClientAddress clientAddress;

    public OperatorAuthentication(GatewayConfig config, AuthFailureLimiter failures) {
        this.expected = config.adminToken().getBytes(StandardCharsets.UTF_8);
        this.failures = failures;
        this.clientAddress = new ClientAddress(config.gateway().trustedProxies().orElse(List.of()));
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String offered = context.request().getHeader("Authorization");
        if (offered == null || !offered.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Uni.createFrom().nullItem();
        }
        byte[] token = offered.substring(BEARER.length()).trim().getBytes(StandardCharsets.UTF_8);
        if (MessageDigest.isEqual(expected, token)) {
            return Uni.createFrom().item(QuarkusSecurityIdentity.builder()
                    .setPrincipal(new QuarkusPrincipal(ROLE)).addRole(ROLE).build());
        }
        return Uni.createFrom().completionStage(failures.recordFailure(clientAddress.of(context.request())).toCompletionStage())
                .onItem().transformToUni(blockedSeconds -> Uni.createFrom().failure(blockedSeconds > 0
                        ? new AuthenticationFailedException(Map.of(ProblemMapper.THROTTLED_FOR_SECONDS, blockedSeconds))
                        : new AuthenticationFailedException()));
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
