package dev.slotwise.gateway.token;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.slotwise.commons.identity.CredentialKind;
import dev.slotwise.commons.identity.InternalTokenKeyIds;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import io.smallrye.jwt.build.Jwt;
import jakarta.inject.Singleton;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.TreeSet;

/**
 * Signs the internal token the gateway hands to services (RS256; {@code iss}, {@code aud}, {@code exp}, {@code sub}
 * = credential id, {@code credential_kind} (see {@link CredentialKinds}), {@code tenant_id}, {@code scope},
 * {@code tz}; header {@code kid}: the key pair's id, see {@link InternalTokenKeyIds}). One token per credential is
 * reused until a minute before it expires, so signing stays off the hot path.
 */
@Singleton
public class InternalTokenIssuer {

    private static final Duration REFRESH_MARGIN = Duration.ofSeconds(60);

    private final PrivateKey signingKey;
    /** The key pair's id, derived from it: services pick the key to verify with by it during a rotation. */
    private final String keyId;
    private final GatewayConfig.InternalToken config;
    private final Cache<Credential, String> tokens;

    public InternalTokenIssuer(GatewayConfig config) {
        this.config = config.internalToken();
        this.signingKey = parsePrivateKey(this.config.privateKey());
        this.keyId = InternalTokenKeyIds.ofPrivateKey((RSAPrivateCrtKey) signingKey);
        Duration reuse = this.config.lifetime().compareTo(REFRESH_MARGIN.multipliedBy(2)) > 0
                ? this.config.lifetime().minus(REFRESH_MARGIN) : this.config.lifetime().dividedBy(2);
        this.tokens = Caffeine.newBuilder().expireAfterWrite(reuse).maximumSize(100_000).build();
    }

    public String tokenFor(Credential credential) {
        return tokens.get(credential, this::sign);
    }

    /**
     * A token signed now rather than the one reused for the credential, with the latest moment it is valid until
     * (its {@code exp} is this or a second later): for a caller that keeps the token itself and renews it in time.
     */
    public Minted mint(Credential credential) {
        long expiresAt = Instant.now().plus(config.lifetime()).getEpochSecond();
        return new Minted(sign(credential), expiresAt);
    }

    /** A signed internal token and when it expires (UNIX seconds). */
    public record Minted(String token, long expiresAt) {
    }

    private String sign(Credential credential) {
        return Jwt.issuer(config.issuer())
                .audience(config.audience())
                .subject(credential.id())
                .claim(CredentialKind.CLAIM, CredentialKinds.of(credential).claimValue())
                .claim("tenant_id", credential.tenantId())
                .claim("scope", String.join(" ", new TreeSet<>(credential.scopes())))
                .claim("tz", credential.timeZone())
                .expiresIn(config.lifetime())
                .jws().keyId(keyId)
                .sign(signingKey);
    }

    static PrivateKey parsePrivateKey(String text) {
        String base64 = text.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("slotwise.internal-token.private-key is not a PKCS#8 RSA private key", e);
        }
    }
}
