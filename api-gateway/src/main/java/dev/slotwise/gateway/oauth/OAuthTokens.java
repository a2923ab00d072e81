package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import dev.slotwise.gateway.credential.BearerSecrets;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The token endpoint's grants and the revocation and introspection of tokens (CONTRACT §9). Access tokens live an
 * hour, refresh tokens 30 days from their issue; a refresh token is used once and replaced. A reused authorization
 * code or refresh token means one of its copies is in the wrong hands: the whole grant is revoked, and the answer is
 * {@code invalid_grant}. Each exchange is one transaction that locks the code or refresh token it consumes, so two
 * concurrent uses cannot both succeed (the second sees the first's use: a reuse, which revokes the family), and
 * share-locks the client's row while checking it is enabled, so disabling it cannot miss a token issued meanwhile.
 */
@ApplicationScoped
public class OAuthTokens {

    static final Duration ACCESS_TOKEN_LIFETIME = Duration.ofHours(1);
    static final Duration REFRESH_TOKEN_LIFETIME = Duration.ofDays(30);

    private static final String CODE = """
            select c.grant_id, c.client_id, c.redirect_uri, c.code_challenge, c.used_at, c.expires_at > now() as live,
                   g.scopes, g.revoked_at as grant_revoked_at
              from oauth_codes c join oauth_grants g on g.id = c.grant_id
             where c.code_hash = $1 for update of c""";
    private static final String USE_CODE = "update oauth_codes set used_at = now() where code_hash = $1";
    private static final String REFRESH = """
            select t.grant_id, t.client_id, t.scopes, t.used_at, t.revoked_at, t.expires_at > now() as live,
                   g.revoked_at as grant_revoked_at
              from oauth_tokens t join oauth_grants g on g.id = t.grant_id
             where t.token_hash = $1 and t.kind = 'refresh' for update of t""";
    private static final String USE_REFRESH = "update oauth_tokens set used_at = now() where token_hash = $1";
    private static final String INSERT_TOKEN = """
            insert into oauth_tokens (token_hash, kind, grant_id, client_id, scopes, created_at, expires_at)
            values ($1, $2, $3, $4, $5, now(), now() + $6::int * interval '1 second')""";
    private static final String ANY_TOKEN = "select kind, grant_id, client_id from oauth_tokens where token_hash = $1";
    private static final String REVOKE_ACCESS = """
            update oauth_tokens set revoked_at = now() where token_hash = $1 and revoked_at is null""";
    private static final String INTROSPECT = """
            select t.kind, t.client_id, t.scopes, t.created_at, t.expires_at, g.id as grant_id, g.tenant_id,
                   (t.revoked_at is null and g.revoked_at is null and t.expires_at > now()
                    and (t.kind = 'access' or t.used_at is null)) as active
              from oauth_tokens t join oauth_grants g on g.id = t.grant_id
             where t.token_hash = $1""";

    /** The answer of introspection for an active token of the asking client. */
    public record Introspection(String kind, List<String> scopes, String clientId, String grantId, String tenantId,
            Instant issuedAt, Instant expiresAt) {
    }

    /**
     * What a transaction decided: tokens, or a refusal to answer after the transaction committed — for a reuse, with
     * the grant revoked and the hashes of its live access tokens ({@code revoked}; null when nothing was revoked).
     */
    private record Outcome(IssuedTokens tokens, OAuthFailure failure, List<byte[]> revoked) {
        static Outcome refused(OAuthFailure failure) {
            return new Outcome(null, failure, null);
        }

        static Outcome issued(IssuedTokens tokens) {
            return new Outcome(tokens, null, null);
        }
    }

    private final Pool pool;
    private final Grants grants;

    public OAuthTokens(Pool pool, Grants grants) {
        this.pool = pool;
        this.grants = grants;
    }

    /** {@code grant_type=authorization_code}: the code, bound to client, redirect URI and PKCE challenge. */
    public Uni<IssuedTokens> exchangeCode(RegisteredClient client, String code, String redirectUri, CodeVerifier verifier) {
        if (!BearerSecrets.wellFormed(BearerSecrets.AUTHORIZATION_CODE, code)) {
            return Uni.createFrom().failure(OAuthFailure.invalidGrant("the authorization code is not valid"));
        }
        Buffer codeHash = Buffer.buffer(BearerSecrets.sha256(code));
        return settle(pool.withTransaction(connection -> whileEnabled(connection, client, () -> connection
                .preparedQuery(CODE).execute(Tuple.of(codeHash))
                .chain(rows -> {
                    if (rows.size() == 0) {
                        return refused(OAuthFailure.invalidGrant("the authorization code is not valid"));
                    }
                    Row row = rows.iterator().next();
                    String grantId = row.getString("grant_id");
                    if (!row.getString("client_id").equals(client.id())) {
                        return refused(OAuthFailure.invalidGrant("the authorization code was issued to another client"));
                    }
                    if (row.getOffsetDateTime("used_at") != null) {
                        return grants.revokeFamily(connection, grantId).map(hashes -> new Outcome(null,
                                OAuthFailure.invalidGrant("the authorization code was already used; "
                                        + "every token issued with it is revoked"), hashes));
                    }
                    if (!row.getBoolean("live") || row.getOffsetDateTime("grant_revoked_at") != null) {
                        return refused(OAuthFailure.invalidGrant("the authorization code has expired"));
                    }
                    if (!row.getString("redirect_uri").equals(redirectUri)) {
                        return refused(OAuthFailure.invalidGrant(
                                "redirect_uri must be the one the authorization request used"));
                    }
                    if (verifier == null || !CodeChallenge.compute(CodeChallengeMethod.S256, verifier).getValue()
                            .equals(row.getString("code_challenge"))) {
                        return refused(OAuthFailure.invalidGrant("code_verifier does not match the code_challenge"));
                    }
                    List<String> scopes = List.of(row.getString("scopes").split(" "));
                    return connection.preparedQuery(USE_CODE).execute(Tuple.of(codeHash))
                            .chain(() -> issue(connection, grantId, client.id(), scopes, scopes))
                            .map(Outcome::issued);
                }))));
    }

    /**
     * {@code grant_type=refresh_token}: rotates the refresh token. A narrower {@code scope} may be asked for the new
     * access token; the new refresh token keeps the grant's scopes.
     */
    public Uni<IssuedTokens> refresh(RegisteredClient client, String refreshToken, Set<String> requestedScopes) {
        if (!BearerSecrets.wellFormed(BearerSecrets.REFRESH_TOKEN, refreshToken)) {
            return Uni.createFrom().failure(OAuthFailure.invalidGrant("the refresh token is not valid"));
        }
        Buffer tokenHash = Buffer.buffer(BearerSecrets.sha256(refreshToken));
        return settle(pool.withTransaction(connection -> whileEnabled(connection, client, () -> connection
                .preparedQuery(REFRESH).execute(Tuple.of(tokenHash))
                .chain(rows -> {
                    if (rows.size() == 0) {
                        return refused(OAuthFailure.invalidGrant("the refresh token is not valid"));
                    }
                    Row row = rows.iterator().next();
                    String grantId = row.getString("grant_id");
                    if (!row.getString("client_id").equals(client.id())) {
                        return refused(OAuthFailure.invalidGrant("the refresh token was issued to another client"));
                    }
                    if (row.getOffsetDateTime("used_at") != null) {
                        return grants.revokeFamily(connection, grantId).map(hashes -> new Outcome(null,
                                OAuthFailure.invalidGrant("the refresh token was already used; "
                                        + "every token of its authorization is revoked"), hashes));
                    }
                    if (row.getOffsetDateTime("revoked_at") != null || row.getOffsetDateTime("grant_revoked_at") != null
                            || !row.getBoolean("live")) {
                        return refused(OAuthFailure.invalidGrant("the refresh token has expired or was revoked"));
                    }
                    List<String> granted = List.of(row.getString("scopes").split(" "));
                    if (requestedScopes != null && !granted.containsAll(requestedScopes)) {
                        return refused(OAuthFailure.invalidScope("scope may only narrow what was granted: "
                                + String.join(" ", granted)));
                    }
                    List<String> accessScopes = requestedScopes == null ? granted
                            : granted.stream().filter(requestedScopes::contains).toList();
                    return connection.preparedQuery(USE_REFRESH).execute(Tuple.of(tokenHash))
                            .chain(() -> issue(connection, grantId, client.id(), accessScopes, granted))
                            .map(Outcome::issued);
                }))));
    }

    /**
     * RFC 7009: revokes an access token, or a refresh token and with it its whole grant. A token that is unknown,
     * malformed or another client's is left alone, and the answer is the same.
     */
    public Uni<Void> revoke(RegisteredClient client, String token) {
        if (!BearerSecrets.wellFormed(BearerSecrets.ACCESS_TOKEN, token)
                && !BearerSecrets.wellFormed(BearerSecrets.REFRESH_TOKEN, token)) {
            return Uni.createFrom().voidItem();
        }
        byte[] hash = BearerSecrets.sha256(token);
        return pool.withTransaction(connection -> connection.preparedQuery(ANY_TOKEN)
                        .execute(Tuple.of(Buffer.buffer(hash)))
                        .chain(rows -> {
                            if (rows.size() == 0 || !rows.iterator().next().getString("client_id").equals(client.id())) {
                                return Uni.createFrom().item(List.<byte[]>of());
                            }
                            Row row = rows.iterator().next();
                            if (row.getString("kind").equals("access")) {
                                return connection.preparedQuery(REVOKE_ACCESS).execute(Tuple.of(Buffer.buffer(hash)))
                                        .replaceWith(List.of(hash));
                            }
                            return grants.revokeFamily(connection, row.getString("grant_id"));
                        }))
                .invoke(grants::afterRevoking)
                .replaceWithVoid();
    }

    /** RFC 7662: what the asking client may know of one of its own tokens; empty means inactive. */
    public Uni<Optional<Introspection>> introspect(RegisteredClient client, String token) {
        if (!BearerSecrets.wellFormed(BearerSecrets.ACCESS_TOKEN, token)
                && !BearerSecrets.wellFormed(BearerSecrets.REFRESH_TOKEN, token)) {
            return Uni.createFrom().item(Optional.empty());
        }
        return pool.preparedQuery(INTROSPECT).execute(Tuple.of(Buffer.buffer(BearerSecrets.sha256(token))))
                .map(rows -> {
                    if (rows.size() == 0) {
                        return Optional.empty();
                    }
                    Row row = rows.iterator().next();
                    if (!row.getBoolean("active") || !row.getString("client_id").equals(client.id())) {
                        return Optional.empty();
                    }
                    return Optional.of(new Introspection(row.getString("kind"),
                            List.of(row.getString("scopes").split(" ")), row.getString("client_id"),
                            row.getString("grant_id"), row.getString("tenant_id"),
                            row.getOffsetDateTime("created_at").toInstant(),
                            row.getOffsetDateTime("expires_at").toInstant()));
                });
    }

    private Uni<IssuedTokens> issue(SqlConnection connection, String grantId, String clientId, List<String> accessScopes,
            List<String> refreshScopes) {
        String access = BearerSecrets.newSecret(BearerSecrets.ACCESS_TOKEN);
        String refresh = BearerSecrets.newSecret(BearerSecrets.REFRESH_TOKEN);
        return connection.preparedQuery(INSERT_TOKEN).executeBatch(List.of(
                        Tuple.from(List.of(Buffer.buffer(BearerSecrets.sha256(access)), "access", grantId, clientId,
                                String.join(" ", accessScopes), (int) ACCESS_TOKEN_LIFETIME.toSeconds())),
                        Tuple.from(List.of(Buffer.buffer(BearerSecrets.sha256(refresh)), "refresh", grantId, clientId,
                                String.join(" ", refreshScopes), (int) REFRESH_TOKEN_LIFETIME.toSeconds()))))
                .replaceWith(new IssuedTokens(access, refresh, accessScopes, ACCESS_TOKEN_LIFETIME.toSeconds()));
    }

    /**
     * Runs {@code exchange} while the client's row is share-locked and enabled: disabling it (which revokes its grants)
     * waits for this transaction, or this one sees it disabled and is refused.
     */
    private static Uni<Outcome> whileEnabled(SqlConnection connection, RegisteredClient client,
            Supplier<Uni<Outcome>> exchange) {
        return connection.preparedQuery(Grants.ENABLED_CLIENT).execute(Tuple.of(client.id()))
                .chain(enabled -> enabled.rowCount() == 0
                        ? refused(OAuthFailure.invalidClient("the client is disabled")) : exchange.get());
    }

    private static Uni<Outcome> refused(OAuthFailure failure) {
        return Uni.createFrom().item(Outcome.refused(failure));
    }

    /** After the transaction: what a reuse revoked is ended ({@link Grants#afterRevoking}), then the answer. */
    private Uni<IssuedTokens> settle(Uni<Outcome> transaction) {
        return transaction.map(outcome -> {
            if (outcome.revoked() != null) {
                grants.afterRevoking(outcome.revoked());
            }
            if (outcome.failure() != null) {
                throw outcome.failure();
            }
            return outcome.tokens();
        });
    }
}
