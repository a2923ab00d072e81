package dev.slotwise.commons.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import dev.slotwise.testing.RsaKeys;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.Test;

class InternalTokenVerifierTest {

    private static final String ISSUER = "https://gateway.slotwise.internal";
    private static final String AUDIENCE = "slotwise-services";
    private static final KeyPair GATEWAY = RsaKeys.generate();
    private static final KeyPair NEXT = RsaKeys.generate();
    private static final KeyPair STRANGER = RsaKeys.generate();
    private static final long NOW = 1_800_000_000L;

    private final MovableClock clock = new MovableClock(NOW);
    private final InternalTokenVerifier verifier = verifier(Optional.empty());

    @Test
    void aTokenTheGatewaySignedIsReadWithEveryClaim() {
        String token = sign(GATEWAY.getPrivate(), kidOf(GATEWAY.getPublic()), claims -> { });
        VerifiedToken verified = verifier.verify(token).orElseThrow();
        assertThat(verified.subject()).isEqualTo("key_1");
        assertThat(verified.credentialKind()).isEqualTo(CredentialKind.API_KEY);
        assertThat(verified.businessCredential()).isTrue();
        assertThat(verified.tenantId()).isEqualTo("ten_1");
        assertThat(verified.scopes()).containsExactlyInAnyOrder("customers.read", "customers.write");
        assertThat(verified.timeZone()).isEqualTo("Europe/Berlin");
        assertThat(verified.expiresAt()).isEqualTo(NOW + 300);
        assertThat(verified.raw()).isEqualTo(token);
        assertThat(verified.toString()).doesNotContain(token);
    }

    @Test
    void aTokenWithoutATenantOrScopesStillVerifiesAndSaysSo() {
        String token = sign(GATEWAY.getPrivate(), kidOf(GATEWAY.getPublic()), claims -> {
            claims.unsetClaim("tenant_id");
            claims.setClaim("scope", "a a  b");
        });
        VerifiedToken verified = verifier.verify(token).orElseThrow();
        assertThat(verified.tenantId()).isNull();
        assertThat(verified.scopes()).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void theKindOfCredentialIsReadAndATokenThatDoesNotSayIsNoBusinessCredential() {
        String kid = kidOf(GATEWAY.getPublic());
        VerifiedToken grant = verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> {
            claims.setSubject("grt_1");
            claims.setClaim("credential_kind", "oauth_grant");
        })).orElseThrow();
        assertThat(grant.credentialKind()).isEqualTo(CredentialKind.OAUTH_GRANT);
        assertThat(grant.businessCredential()).isFalse();
        VerifiedToken panel = verifier.verify(sign(GATEWAY.getPrivate(), kid,
                claims -> claims.setClaim("credential_kind", "panel"))).orElseThrow();
        assertThat(panel.credentialKind()).isEqualTo(CredentialKind.PANEL);
        assertThat(panel.businessCredential()).isTrue();
        for (Consumer<JwtClaims> unsaid : List.<Consumer<JwtClaims>>of(claims -> claims.unsetClaim("credential_kind"),
                claims -> claims.setClaim("credential_kind", "API_KEY"), claims -> claims.setClaim("credential_kind", 1))) {
            VerifiedToken token = verifier.verify(sign(GATEWAY.getPrivate(), kid, unsaid)).orElseThrow();
            assertThat(token.credentialKind()).isNull();
            assertThat(token.businessCredential()).isFalse();
        }
    }

    @Test
    void everyOtherTokenIsRefused() throws Exception {
        String kid = kidOf(GATEWAY.getPublic());
        assertThat(verifier.verify(sign(STRANGER.getPrivate(), kid, claims -> { }))).isEmpty();
        assertThat(verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> claims.setIssuer("https://elsewhere")))).isEmpty();
        assertThat(verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> claims.setAudience("other")))).isEmpty();
        assertThat(verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> claims.setExpirationTime(NumericDate.fromSeconds(NOW))))).isEmpty();
        assertThat(verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> claims.unsetClaim("exp")))).isEmpty();
        assertThat(verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> claims.unsetClaim("sub")))).isEmpty();
        assertThat(verifier.verify(sign(GATEWAY.getPrivate(), kid, claims -> claims.setNotBefore(NumericDate.fromSeconds(NOW + 60))))).isEmpty();
        // the public key used as an HMAC secret (algorithm confusion), and no signature at all
        assertThat(verifier.verify(sign(new HmacKey(GATEWAY.getPublic().getEncoded()), AlgorithmIdentifiers.HMAC_SHA256, kid, claims -> { })))
                .isEmpty();
        assertThat(verifier.verify(sign(null, AlgorithmIdentifiers.NONE, kid, claims -> { }))).isEmpty();
        // a claim changed after signing
        String good = sign(GATEWAY.getPrivate(), kid, claims -> { });
        String[] parts = good.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8).replace("ten_1", "ten_2");
        String forged = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(payload.getBytes(StandardCharsets.UTF_8))
                + "." + parts[2];
        assertThat(verifier.verify(forged)).isEmpty();
        assertThat(verifier.verify("not a token")).isEmpty();
        assertThat(verifier.verify("")).isEmpty();
    }

    @Test
    void aRememberedTokenIsRefusedOnceItExpires() {
        String token = sign(GATEWAY.getPrivate(), kidOf(GATEWAY.getPublic()), claims -> { });
        assertThat(verifier.verify(token)).isPresent();
        clock.now = NOW + 299;
        assertThat(verifier.verify(token)).isPresent();
        clock.now = NOW + 300;
        assertThat(verifier.verify(token)).isEmpty();
    }

    @Test
    void aRefusedTokenIsRefusedEveryTime() {
        String token = sign(STRANGER.getPrivate(), kidOf(GATEWAY.getPublic()), claims -> { });
        assertThat(verifier.verify(token)).isEmpty();
        assertThat(verifier.verify(token)).isEmpty();
    }

    @Test
    void duringARotationTheAdditionalKeyVerifiesOnlyTheTokensThatNameIt() {
        InternalTokenVerifier rotating = verifier(Optional.of(base64(NEXT.getPublic())));
        assertThat(rotating.verify(sign(NEXT.getPrivate(), kidOf(NEXT.getPublic()), claims -> { }))).isPresent();
        assertThat(rotating.verify(sign(NEXT.getPrivate(), kidOf(GATEWAY.getPublic()), claims -> { }))).isEmpty();
        assertThat(rotating.verify(sign(GATEWAY.getPrivate(), kidOf(GATEWAY.getPublic()), claims -> { }))).isPresent();
        assertThat(rotating.verify(sign(GATEWAY.getPrivate(), null, claims -> { }))).isPresent();
        // without a rotation, the next key is a stranger whatever the token names
        assertThat(verifier.verify(sign(NEXT.getPrivate(), kidOf(NEXT.getPublic()), claims -> { }))).isEmpty();
    }

    private InternalTokenVerifier verifier(Optional<String> additional) {
        return new InternalTokenVerifier("-----BEGIN PUBLIC KEY-----\n" + base64(GATEWAY.getPublic()) + "\n-----END PUBLIC KEY-----",
                additional, ISSUER, AUDIENCE, clock);
    }

    private static String sign(Key key, String kid, Consumer<JwtClaims> change) {
        return sign(key, AlgorithmIdentifiers.RSA_USING_SHA256, kid, change);
    }

    private static String sign(Key key, String algorithm, String kid, Consumer<JwtClaims> change) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(ISSUER);
        claims.setAudience(AUDIENCE);
        claims.setSubject("key_1");
        claims.setClaim("credential_kind", "api_key");
        claims.setClaim("tenant_id", "ten_1");
        claims.setClaim("scope", "customers.read customers.write");
        claims.setClaim("tz", "Europe/Berlin");
        claims.setIssuedAt(NumericDate.fromSeconds(NOW));
        claims.setExpirationTime(NumericDate.fromSeconds(NOW + 300));
        change.accept(claims);
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setAlgorithmHeaderValue(algorithm);
        if (kid != null) {
            jws.setKeyIdHeaderValue(kid);
        }
        if (AlgorithmIdentifiers.NONE.equals(algorithm)) {
            jws.setAlgorithmConstraints(org.jose4j.jwa.AlgorithmConstraints.NO_CONSTRAINTS);
        } else {
            jws.setKey(key);
        }
        try {
            return jws.getCompactSerialization();
        } catch (org.jose4j.lang.JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String kidOf(PublicKey key) {
        return InternalTokenKeyIds.of(key);
    }

    private static String base64(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    private static final class MovableClock extends Clock {
        long now;

        MovableClock(long now) {
            this.now = now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(now);
        }
    }
}
