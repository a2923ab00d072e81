package dev.slotwise.testing;

import io.smallrye.jwt.build.Jwt;
import java.security.KeyPair;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;

/**
 * Internal tokens as the gateway issues them (RS256; {@code iss}, {@code aud}, {@code sub}, {@code tenant_id},
 * {@code scope}, {@code tz}), signed with a key pair made for this test JVM. {@link InternalTokenTestResource}
 * hands the public key to the service under test.
 */
public final class InternalTokens {

    public static final String ISSUER = "https://gateway.slotwise.internal";
    public static final String AUDIENCE = "slotwise-services";
    private static final KeyPair KEYS = RsaKeys.generate();

    private InternalTokens() {
    }

    public static String publicKeyBase64() {
        return Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded());
    }

    public static String forTenant(String tenantId, String... scopes) {
        return forTenantInZone(tenantId, "UTC", scopes);
    }

    public static String forTenantInZone(String tenantId, String timeZone, String... scopes) {
        return Jwt.issuer(ISSUER)
                .audience(AUDIENCE)
                .subject("key_test")
                .claim("tenant_id", tenantId)
                .claim("scope", String.join(" ", Set.of(scopes)))
                .claim("tz", timeZone)
                .expiresIn(Duration.ofMinutes(10))
                .jws().keyId("test")
                .sign(KEYS.getPrivate());
    }

    /** A token signed with a key the service does not trust. */
    public static String signedByStranger(String tenantId, String... scopes) {
        return Jwt.issuer(ISSUER)
                .audience(AUDIENCE)
                .subject("key_test")
                .claim("tenant_id", tenantId)
                .claim("scope", String.join(" ", Set.of(scopes)))
                .expiresIn(Duration.ofMinutes(10))
                .jws().keyId("stranger")
                .sign(RsaKeys.generate().getPrivate());
    }

}
