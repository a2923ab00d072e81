package dev.slotwise.gateway.oauth;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.gateway.credential.CredentialStore;
import dev.slotwise.gateway.signin.SignInAccount;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * Grants: one per approval of an application by a tenant's user, the family of every code and token that approval
 * leads to. Revoking a grant (the panel's "Revoke access", a reused code or refresh token, revoking a refresh token,
 * disabling the application) ends all of them: every replica refuses its access tokens within the credential cache's
 * TTL, this one at once; and the webhook endpoints the grant created are ended ({@link RevokedGrantWebhooks}).
 */
@ApplicationScoped
public class Grants {

    private static final String INSERT_GRANT = """
            insert into oauth_grants (id, tenant_id, client_id, user_id, scopes, created_at)
            values ($1, $2, $3, $4, $5, now())""";
    private static final String INSERT_CODE = """
            insert into oauth_codes (code_hash, grant_id, client_id, redirect_uri, code_challenge, expires_at)
            values ($1, $2, $3, $4, $5, now() + interval '10 minutes')""";
    private static final String REVOKE = "update oauth_grants set revoked_at = now() where id = $1 and revoked_at is null";
    private static final String LIVE_ACCESS_TOKENS = """
            select token_hash from oauth_tokens where grant_id = $1 and kind = 'access' and expires_at > now()""";
    private static final String REVOKE_CLIENT = """
            update oauth_grants set revoked_at = now() where client_id = $1 and revoked_at is null returning id""";
    private static final String LIVE_ACCESS_TOKENS_OF = """
            select token_hash from oauth_tokens where grant_id = any($1) and kind = 'access' and expires_at > now()""";
    /** The client's row, share-locked until the transaction ends, while it is enabled (see ClientContainment). */
    static final String ENABLED_CLIENT = "select 1 from oauth_clients where id = $1 and disabled_at is null for share";
    /**
     * The user's row, share-locked until the transaction ends, while the user is enabled and no session of theirs
     * ended after the password of this sign-in was read ($2): disabling the user, a new password or "sign out
     * everywhere" (which update the row) wait for the approval, or the approval sees them.
     */
    private static final String SIGNED_IN_USER = """
            select 1 from tenant_users where id = $1 and not disabled and sessions_ended_at <= $2 for share""";
    private static final String ACTIVE = """
            select g.id, g.client_id, c.name, g.scopes, u.email, g.created_at
              from oauth_grants g join oauth_clients c on c.id = g.client_id join tenant_users u on u.id = g.user_id
             where g.tenant_id = $1 and g.revoked_at is null
             order by g.id desc""";
    private static final String OWNED = "select 1 from oauth_grants where id = $1 and tenant_id = $2 and revoked_at is null";

    private final Pool pool;
    private final CredentialStore credentials;
    private final RevokedGrantWebhooks webhooks;

    public Grants(Pool pool, CredentialStore credentials, RevokedGrantWebhooks webhooks) {
        this.pool = pool;
        this.credentials = credentials;
        this.webhooks = webhooks;
    }

    /**
     * Records the approval and answers a new authorization code for it (single use, 10 minutes) — unless, in the same
     * transaction, the application turns out disabled, or the user disabled or their sessions ended since the sign-in
     * of this consent.
     */
    public Uni<Approval> approve(PendingAuthorization pending, SignInAccount account, List<String> scopes) {
        return pool.withTransaction(connection -> connection.preparedQuery(ENABLED_CLIENT)
                .execute(Tuple.of(pending.clientId()))
                .chain(client -> client.rowCount() == 0 ? refused(new Approval.ApplicationDisabled())
                        : connection.preparedQuery(SIGNED_IN_USER)
                                .execute(Tuple.of(account.userId(), pending.passwordAt()))
                                .chain(user -> user.rowCount() == 0 ? refused(new Approval.SignInEnded())
                                        : record(connection, pending, account, scopes))));
    }

    private static Uni<Approval> refused(Approval refusal) {
        return Uni.createFrom().item(refusal);
    }

    private static Uni<Approval> record(SqlConnection connection, PendingAuthorization pending, SignInAccount account,
            List<String> scopes) {
        String grantId = Ids.next("grt");
        String code = BearerSecrets.newSecret(BearerSecrets.AUTHORIZATION_CODE);
        return connection.preparedQuery(INSERT_GRANT)
                .execute(Tuple.of(grantId, account.tenantId(), pending.clientId(), account.userId(),
                        String.join(" ", scopes)))
                .chain(() -> connection.preparedQuery(INSERT_CODE).execute(Tuple.of(
                        Buffer.buffer(BearerSecrets.sha256(code)), grantId, pending.clientId(),
                        pending.redirectUri(), pending.codeChallenge())))
                .replaceWith(new Approval.Approved(code));
    }

    /** The tenant's grants still in force, newest first. */
    public Uni<List<Grant>> active(String tenantId) {
        return pool.preparedQuery(ACTIVE).execute(Tuple.of(tenantId)).map(rows -> {
            List<Grant> grants = new ArrayList<>();
            rows.forEach(row -> grants.add(new Grant(row.getString("id"), row.getString("client_id"),
                    row.getString("name"), List.of(row.getString("scopes").split(" ")), row.getString("email"),
                    row.getOffsetDateTime("created_at").toInstant())));
            return grants;
        });
    }

    /** Revokes one of the tenant's grants; false when the tenant has no such grant in force. */
    public Uni<Boolean> revoke(String tenantId, String grantId) {
        return pool.withTransaction(connection -> connection.preparedQuery(OWNED).execute(Tuple.of(grantId, tenantId))
                        .chain(rows -> rows.size() == 0 ? Uni.createFrom().<List<byte[]>>nullItem()
                                : revokeFamily(connection, grantId)))
                .map(hashes -> {
                    if (hashes == null) {
                        return false;
                    }
                    afterRevoking(hashes);
                    return true;
                });
    }

    /**
     * Revokes the grant within the caller's transaction; answers the hashes of its live access tokens, for
     * {@link #afterRevoking}.
     */
    Uni<List<byte[]>> revokeFamily(SqlConnection connection, String grantId) {
        return connection.preparedQuery(REVOKE).execute(Tuple.of(grantId))
                .chain(() -> connection.preparedQuery(LIVE_ACCESS_TOKENS).execute(Tuple.of(grantId)))
                .map(rows -> {
                    List<byte[]> hashes = new ArrayList<>();
                    rows.forEach(row -> hashes.add(row.getBuffer("token_hash").getBytes()));
                    return hashes;
                });
    }

    /**
     * Revokes every grant of the client, in every tenant, within the caller's transaction; answers the hashes of their
     * live access tokens, for {@link #afterRevoking}.
     */
    Uni<List<byte[]>> revokeEveryGrantOf(SqlConnection connection, String clientId) {
        return connection.preparedQuery(REVOKE_CLIENT).execute(Tuple.of(clientId))
                .chain(revoked -> {
                    List<String> ids = new ArrayList<>();
                    revoked.forEach(row -> ids.add(row.getString("id")));
                    return connection.preparedQuery(LIVE_ACCESS_TOKENS_OF).execute(Tuple.of(ids.toArray(String[]::new)));
                })
                .map(rows -> {
                    List<byte[]> hashes = new ArrayList<>();
                    rows.forEach(row -> hashes.add(row.getBuffer("token_hash").getBytes()));
                    return hashes;
                });
    }

    /**
     * Once a revocation committed: this replica forgets the revoked access tokens at once, and the dispatcher is told
     * now to end the webhook endpoints of the grants revoked (the loop finds them in the database).
     */
    void afterRevoking(List<byte[]> accessTokenHashes) {
        accessTokenHashes.forEach(credentials::forget);
        webhooks.wake();
    }
}
