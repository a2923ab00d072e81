package dev.slotwise.commons.identity;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import java.security.Key;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * Verifies the internal token the gateway signs (RS256 only; {@code iss}, {@code aud}, {@code exp} and {@code sub}
 * required and checked; {@code credential_kind}, {@code tenant_id}, {@code scope} and {@code tz} read) with the gateway's public key, or — during a rotation of the key pair — with the additional
 * key when the token's {@code kid} names it ({@link InternalTokenKeyIds}).
 *
 * <p>A token that verified is remembered by its exact text until it expires: the gateway hands the same token for
 * a credential to every request for minutes, and parsing it and checking an RSA signature was a fifth of a service's
 * CPU per request. What is remembered was verified in full; nothing about a token can change before it expires, and
 * it is never accepted after {@code exp}. A token that fails is not remembered, so it fails the same way every time.
 */
public final class InternalTokenVerifier {

    /** At most this many distinct tokens remembered (one per credential that called in the last few minutes). */
    static final int REMEMBERED_TOKENS = 10_000;

    private final PublicKey primary;
    /** The additional key of a rotation, and its id; both null when no rotation is under way. */
    private final PublicKey additional;
    private final String additionalKeyId;
    private final String issuer;
    private final String audience;
    private final Clock clock;
    private final Cache<String, VerifiedToken> verified;

    public InternalTokenVerifier(String publicKey, Optional<String> additionalPublicKey, String issuer, String audience,
            Clock clock) {
        this.primary = InternalTokenKeyIds.publicKey(publicKey);
        PublicKey second = additionalPublicKey.filter(key -> !key.isBlank()).map(InternalTokenKeyIds::publicKey)
                .orElse(null);
        boolean rotating = second != null && !InternalTokenKeyIds.of(second).equals(InternalTokenKeyIds.of(primary));
        this.additional = rotating ? second : null;
        this.additionalKeyId = rotating ? InternalTokenKeyIds.of(second) : null;
        this.issuer = issuer;
        this.audience = audience;
        this.clock = clock;
        this.verified = Caffeine.newBuilder()
                .maximumSize(REMEMBERED_TOKENS)
                .expireAfter(Expiry.creating((String raw, VerifiedToken token) ->
                        Duration.ofSeconds(Math.max(0, token.expiresAt() - clock.instant().getEpochSecond()))))
                .build();
    }

    /** The token's claims, or {@code empty} when it is not a valid internal token now. */
    public Optional<VerifiedToken> verify(String raw) {
        long now = clock.instant().getEpochSecond();
        VerifiedToken known = verified.getIfPresent(raw);
        if (known != null) {
            return known.expiredAt(now) ? Optional.empty() : Optional.of(known);
        }
        Optional<VerifiedToken> checked = check(raw, now);
        checked.ifPresent(token -> verified.put(raw, token));
        return checked;
    }

    private Optional<VerifiedToken> check(String raw, long now) {
        JwtConsumer consumer = new JwtConsumerBuilder()
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .setVerificationKeyResolver((jws, nesting) -> keyFor(jws.getKeyIdHeaderValue()))
                .setExpectedIssuer(issuer)
                .setExpectedAudience(audience)
                .setRequireExpirationTime()
                .setRequireSubject()
                .setEvaluationTime(NumericDate.fromSeconds(now))
                .build();
        try {
            JwtClaims claims = consumer.processToClaims(raw);
            String scope = claims.getClaimValueAsString("scope");
            Set<String> scopes = scope == null || scope.isBlank() ? Set.of()
                    : Set.copyOf(Arrays.asList(scope.trim().split("\\s+")));
            return Optional.of(new VerifiedToken(claims.getSubject(),
                    CredentialKind.ofClaim(claims.getClaimValueAsString(CredentialKind.CLAIM)),
                    claims.getClaimValueAsString("tenant_id"), scopes, claims.getClaimValueAsString("tz"),
                    claims.getExpirationTime().getValue(), raw));
        } catch (InvalidJwtException | MalformedClaimException | IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }

    private Key keyFor(String keyId) {
        return additionalKeyId != null && additionalKeyId.equals(keyId) ? additional : primary;
    }
}
