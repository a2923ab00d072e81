package dev.slotwise.gateway.oauth;

import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.gateway.signin.SignInAccount;
import dev.slotwise.gateway.signin.SignInOutcome;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Authorization requests between a successful sign-in and the consent, kept in PostgreSQL so that any gateway replica
 * can serve the next step. Nothing is stored before someone has signed in (the sign-in form carries the request
 * itself, see {@link SignInFormTokens}), so opening {@code /oauth/authorize} writes nothing. The browser holds a
 * random id (256 bits) in a cookie, issued at sign-in; only its SHA-256 is stored. A request lives 10 minutes.
 */
@ApplicationScoped
public class AuthorizationRequests {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String INSERT = """
            insert into oauth_authorization_requests (id_hash, client_id, redirect_uri, scopes, state, code_challenge,
                                                      csrf_token, user_id, account_ids, password_at, expires_at)
            values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + interval '10 minutes')""";
    private static final String FIND = """
            select id_hash, client_id, redirect_uri, scopes, state, code_challenge, csrf_token, user_id, account_ids,
                   password_at
              from oauth_authorization_requests where id_hash = $1 and expires_at > now()""";
    private static final String CHOOSE_ACCOUNT = """
            update oauth_authorization_requests set user_id = $2 where id_hash = $1""";
    private static final String DELETE = "delete from oauth_authorization_requests where id_hash = $1";
    private static final String ACCOUNTS = """
            select u.id, u.tenant_id, u.email, t.name from tenant_users u join tenants t on t.id = u.tenant_id
             where u.id = any($1) order by u.created_at desc, u.id desc""";
    private static final String PURGE = "delete from oauth_authorization_requests where expires_at < now()";

    private final Pool pool;

    public AuthorizationRequests(Pool pool) {
        this.pool = pool;
    }

    /**
     * Stores the request once a person has signed in, bound to the accounts the password was right for (the newest
     * chosen) and to when that password was read; answers the cookie's value.
     */
    public Uni<String> signedIn(CheckedRequest.Valid request, SignInOutcome.Verified verified) {
        String id = randomToken();
        List<String> ids = verified.accounts().stream().map(SignInAccount::userId).toList();
        return pool.preparedQuery(INSERT).execute(Tuple.from(List.of(hash(id), request.client().id(),
                        request.redirectUri().toString(), String.join(" ", request.scopes()),
                        request.state() == null ? "" : request.state(), request.codeChallenge(), randomToken(),
                        ids.get(0), String.join(" ", ids), verified.passwordReadAt())))
                .replaceWith(id);
    }

    public Uni<Optional<PendingAuthorization>> find(String cookieValue) {
        if (cookieValue == null || cookieValue.isEmpty() || cookieValue.length() > 100) {
            return Uni.createFrom().item(Optional.empty());
        }
        return pool.preparedQuery(FIND).execute(Tuple.of(hash(cookieValue)))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toPending(rows.iterator().next())));
    }

    public Uni<Void> chooseAccount(PendingAuthorization pending, String userId) {
        return pool.preparedQuery(CHOOSE_ACCOUNT).execute(Tuple.of(Buffer.buffer(pending.idHash()), userId))
                .replaceWithVoid();
    }

    public Uni<List<SignInAccount>> accounts(PendingAuthorization pending) {
        return pool.preparedQuery(ACCOUNTS).execute(Tuple.of(pending.accountIds().toArray(String[]::new)))
                .map(rows -> {
                    List<SignInAccount> accounts = new ArrayList<>();
                    rows.forEach(row -> accounts.add(new SignInAccount(row.getString("id"), row.getString("tenant_id"),
                            row.getString("name"), row.getString("email"))));
                    return accounts;
                });
    }

    public Uni<Void> finish(PendingAuthorization pending) {
        return pool.preparedQuery(DELETE).execute(Tuple.of(Buffer.buffer(pending.idHash()))).replaceWithVoid();
    }

    public Uni<Void> purge() {
        return pool.query(PURGE).execute().replaceWithVoid();
    }

    private static PendingAuthorization toPending(Row row) {
        String accounts = row.getString("account_ids");
        String state = row.getString("state");
        return new PendingAuthorization(row.getBuffer("id_hash").getBytes(), row.getString("client_id"),
                row.getString("redirect_uri"), List.of(row.getString("scopes").split(" ")),
                state.isEmpty() ? null : state, row.getString("code_challenge"), row.getString("csrf_token"),
                row.getString("user_id"), accounts == null ? List.of() : List.of(accounts.split(" ")),
                row.getOffsetDateTime("password_at"));
    }

    private static Buffer hash(String token) {
        return Buffer.buffer(BearerSecrets.sha256(token));
    }

    static String randomToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
