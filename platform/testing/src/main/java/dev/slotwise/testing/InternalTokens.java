package dev.slotwise.testing;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;

/**
 * Internal tokens as the gateway issues them (RS256; {@code iss}, {@code aud}, {@code sub}, {@code tenant_id},
 * {@code scope}, {@code tz}, {@code credential_kind}), signed with a key pair made for this test JVM.
 * {@link InternalTokenTestResource} hands the public key to the service under test. The tokens of
 * {@link #forTenant} stand for an API key of the tenant; {@link #forApplication} for an OAuth application's grant.
 */
public final class InternalTokens {

    public static final String ISSUER = "https://gateway.slotwise.internal";
    public static final String AUDIENCE = "slotwise-services";
    private static final KeyPair KEYS = RsaKeys.generate();
    /** The second key a service trusts, as during a rotation of the key pair. */
    private static final KeyPair ADDITIONAL_KEYS = RsaKeys.generate();
    private static final Credential API_KEY = new Credential("key_test", "api_key");

    /** Who a token speaks for: {@code sub}, and the gateway's {@code credential_kind} (null: left out). */
    private record Credential(String subject, String kind) {
    }

    private InternalTokens() {
    }

    public static String publicKeyBase64() {
        return Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded());
    }

    public static String additionalPublicKeyBase64() {
        return Base64.getEncoder().encodeToString(ADDITIONAL_KEYS.getPublic().getEncoded());
    }

    public static String forTenant(String tenantId, String... scopes) {
        return forTenantInZone(tenantId, "UTC", scopes);
    }

    public static String forTenantInZone(String tenantId, String timeZone, String... scopes) {
        return sign(API_KEY, tenantId, timeZone, scopes, keyId(KEYS.getPublic()), KEYS.getPrivate());
    }

    /** A token for an OAuth application's access token: {@code sub} is its grant's id. */
    public static String forApplication(String grantId, String tenantId, String... scopes) {
        return sign(new Credential(grantId, "oauth_grant"), tenantId, "UTC", scopes, keyId(KEYS.getPublic()),
                KEYS.getPrivate());
    }

    /** A token for a credential of the given kind, or of none ({@code kind} null: a token that does not say). */
    public static String forCredential(String subject, String kind, String tenantId, String... scopes) {
        return sign(new Credential(subject, kind), tenantId, "UTC", scopes, keyId(KEYS.getPublic()), KEYS.getPrivate());
    }

    /**
     * A token signed with the additional key of a rotation; {@code namingItsKey} false gives it the primary key's id,
     * which no service may take for a signature of the primary key.
     */
    public static String signedWithAdditionalKey(String tenantId, boolean namingItsKey, String... scopes) {
        return sign(API_KEY, tenantId, "UTC", scopes, keyId(namingItsKey ? ADDITIONAL_KEYS.getPublic() : KEYS.getPublic()),
                ADDITIONAL_KEYS.getPrivate());
    }

    /** A token signed with a key the service does not trust. */
    public static String signedByStranger(String tenantId, String... scopes) {
        return sign(API_KEY, tenantId, "UTC", scopes, "stranger", RsaKeys.generate().getPrivate());
    }

    private static String sign(Credential credential, String tenantId, String timeZone, String[] scopes, String keyId,
            PrivateKey key) {
        JwtClaimsBuilder claims = Jwt.issuer(ISSUER)
                .audience(AUDIENCE)
                .subject(credential.subject())
                .claim("tenant_id", tenantId)
                .claim("scope", String.join(" ", Set.of(scopes)))
                .claim("tz", timeZone)
                .expiresIn(Duration.ofMinutes(10));
        if (credential.kind() != null) {
            claims.claim("credential_kind", credential.kind());
        }
        return claims.jws().keyId(keyId).sign(key);
    }

    /**
     * The key id the gateway gives its tokens (commons' InternalTokenKeyIds, written out again here so that a change
     * of the derivation on one side fails these tests): base64url SHA-256 of the X.509 key, 16 characters.
     */
    static String keyId(PublicKey key) {
        try {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256").digest(key.getEncoded())).substring(0, 16);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
