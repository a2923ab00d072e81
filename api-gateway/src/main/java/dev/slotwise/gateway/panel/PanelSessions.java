package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.gateway.signin.SignInAccount;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Server-side panel sessions in PostgreSQL (CONTRACT §13): every replica knows them, sign-out deletes the row, and a
 * session ends after 30 minutes without a page or 12 hours after sign-in. The last-seen time is written at most once
 * a minute. A session also ends, on every replica at once, when its user is disabled or anything ends all of the
 * user's sessions (a password change or reset, "Sign out everywhere"): each lookup compares when the session's
 * password was entered with the user's {@code sessions_ended_at}, so no row left behind by a race outlives it.
 */
@ApplicationScoped
public class PanelSessions {

    /** How long after the password was entered a session may mint an API key without entering it again. */
    static final Duration REAUTHENTICATION = Duration.ofMinutes(15);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String INSERT = """
            insert into panel_sessions (id_hash, user_id, tenant_id, csrf_token, created_at, last_seen_at, password_at)
            values ($1, $2, $3, $4, now(), now(), $5)""";
    private static final String FIND = """
            select s.id_hash, s.user_id, u.email, s.tenant_id, t.name, t.plan, t.rate_limit_per_hour, t.time_zone,
                   s.csrf_token, s.last_seen_at < now() - interval '1 minute' as stale,
                   s.password_at > now() - interval '%d seconds' as password_recent
              from panel_sessions s join tenant_users u on u.id = s.user_id join tenants t on t.id = s.tenant_id
             where s.id_hash = $1 and s.last_seen_at > now() - interval '30 minutes'
               and s.created_at > now() - interval '12 hours'
               and not u.disabled and s.password_at >= u.sessions_ended_at""".formatted(REAUTHENTICATION.toSeconds());
    private static final String TOUCH = "update panel_sessions set last_seen_at = now() where id_hash = $1";
    private static final String REAUTHENTICATED = """
            update panel_sessions set password_at = greatest(password_at, $2) where id_hash = $1""";
    /**
     * The new password and the end of every session of the user, but this one: one statement, so that no moment
     * exists in which this session is ended too or another one is not.
     */
    private static final String CHANGE_PASSWORD = """
            with changed as (
                update tenant_users set password_hash = $3, sessions_ended_at = now(), updated_at = now()
                 where id = $2 and not disabled and sessions_ended_at <= $4
                returning id),
            others as (
                delete from panel_sessions where user_id = $2 and id_hash <> $1 and exists (select 1 from changed)),
            kept as (
                update panel_sessions set password_at = now() where id_hash = $1 and exists (select 1 from changed))
            select count(*) as changed from changed""";
    private static final String END_ALL = """
            with ended as (update tenant_users set sessions_ended_at = now() where id = $1)
            delete from panel_sessions where user_id = $1""";
    private static final String DELETE = "delete from panel_sessions where id_hash = $1";
    private static final String PURGE = """
            delete from panel_sessions s using tenant_users u
             where u.id = s.user_id
               and (s.last_seen_at < now() - interval '30 minutes' or s.created_at < now() - interval '12 hours'
                    or u.disabled or s.password_at < u.sessions_ended_at)""";

    private static final Logger LOG = Logger.getLogger(PanelSessions.class);

    private final Pool pool;

    public PanelSessions(Pool pool) {
        this.pool = pool;
    }

    /**
     * Starts a session for the account whose password hash was read at {@code passwordReadAt} and then verified;
     * answers the cookie's value.
     */
    public Uni<String> start(SignInAccount account, OffsetDateTime passwordReadAt) {
        String id = randomToken();
        return pool.preparedQuery(INSERT).execute(Tuple.of(hash(id), account.userId(), account.tenantId(), randomToken(),
                        passwordReadAt))
                .replaceWith(id);
    }

    public Uni<Optional<PanelSession>> find(String cookieValue) {
        if (cookieValue == null || cookieValue.isEmpty() || cookieValue.length() > 100) {
            return Uni.createFrom().item(Optional.empty());
        }
        Buffer idHash = hash(cookieValue);
        return pool.preparedQuery(FIND).execute(Tuple.of(idHash)).chain(rows -> {
            if (rows.size() == 0) {
                return Uni.createFrom().item(Optional.<PanelSession>empty());
            }
            Row row = rows.iterator().next();
            PanelSession session = new PanelSession(row.getBuffer("id_hash").getBytes(), row.getString("user_id"),
                    row.getString("email"), row.getString("tenant_id"), row.getString("name"), row.getString("plan"),
                    row.getInteger("rate_limit_per_hour"), row.getString("time_zone"), row.getString("csrf_token"),
                    row.getBoolean("password_recent"));
            return row.getBoolean("stale")
                    ? pool.preparedQuery(TOUCH).execute(Tuple.of(idHash)).replaceWith(Optional.of(session))
                    : Uni.createFrom().item(Optional.of(session));
        });
    }

    /** The user entered their password again in this session (its hash read at {@code passwordReadAt}). */
    public Uni<Void> reauthenticated(PanelSession session, OffsetDateTime passwordReadAt) {
        return pool.preparedQuery(REAUTHENTICATED).execute(Tuple.of(Buffer.buffer(session.idHash()), passwordReadAt))
                .replaceWithVoid();
    }

    /**
     * Sets the user's new password (its bcrypt hash) and ends every other session of the user, keeping this one —
     * unless something ended the user's sessions after the current password was read ({@code passwordReadAt}), in
     * which case nothing changes. Answers whether the password was changed.
     */
    public Uni<Boolean> changePassword(PanelSession session, OffsetDateTime passwordReadAt, String newHash) {
        return pool.preparedQuery(CHANGE_PASSWORD)
                .execute(Tuple.of(Buffer.buffer(session.idHash()), session.userId(), newHash, passwordReadAt))
                .map(rows -> rows.iterator().next().getLong("changed") > 0);
    }

    /** Ends every session of the user, this one included, on every replica. */
    public Uni<Void> endAll(PanelSession session) {
        return pool.preparedQuery(END_ALL).execute(Tuple.of(session.userId())).replaceWithVoid();
    }

    public Uni<Void> end(PanelSession session) {
        return pool.preparedQuery(DELETE).execute(Tuple.of(Buffer.buffer(session.idHash()))).replaceWithVoid();
    }

    /** Removes ended sessions every 10 minutes (every replica may; the statement is idempotent). */
    void purgeEvery10Minutes(@Observes StartupEvent started, Vertx vertx) {
        vertx.setPeriodic(Duration.ofMinutes(10).toMillis(), tick -> pool.query(PURGE).execute().subscribe().with(
                rows -> { },
                failure -> LOG.warnf("purging ended panel sessions failed: %s", failure.toString())));
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
