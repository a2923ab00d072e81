package dev.slotwise.commons.identity;

import io.quarkus.oidc.TenantResolver;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Two internal-token keys during a rotation: a token whose {@code kid} names the additional key
 * ({@code SLOTWISE_INTERNAL_TOKEN_ADDITIONAL_PUBLIC_KEY}) is verified with it (the OIDC tenant {@code rotation}),
 * every other token with the primary key. Without an additional key nothing is read here: the default tenant
 * verifies every token, as before.
 */
@ApplicationScoped
public class InternalTokenKeySelection implements TenantResolver {

    static final String ROTATION_TENANT = "rotation";
    private static final String BEARER = "Bearer ";

    /** The additional key's id, or {@code null} when no rotation is under way. */
    private final String additionalKeyId;

    public InternalTokenKeySelection(
            @ConfigProperty(name = "slotwise.internal-token.additional-public-key") Optional<String> additional,
            @ConfigProperty(name = "slotwise.internal-token.public-key") Optional<String> primary) {
        String additionalId = additional.filter(key -> !key.isBlank()).map(InternalTokenKeyIds::ofPublicKey).orElse(null);
        String primaryId = primary.filter(key -> !key.isBlank()).map(InternalTokenKeyIds::ofPublicKey).orElse(null);
        this.additionalKeyId = additionalId != null && !additionalId.equals(primaryId) ? additionalId : null;
    }

    @Override
    public String resolve(RoutingContext context) {
        if (additionalKeyId == null) {
            return null;
        }
        String authorization = context.request().getHeader("Authorization");
        return authorization != null && additionalKeyId.equals(keyId(authorization)) ? ROTATION_TENANT : null;
    }

    /** The {@code kid} of a bearer JWT's header, or {@code null} when there is none to read. */
    static String keyId(String authorization) {
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        String token = authorization.substring(BEARER.length()).trim();
        int dot = token.indexOf('.');
        if (dot <= 0) {
            return null;
        }
        try {
            String header = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)), StandardCharsets.UTF_8);
            Object kid = new JsonObject(header).getValue("kid");
            return kid instanceof String id ? id : null;
        } catch (RuntimeException unreadable) {
            return null;
        }
    }
}
