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
import java.util.Base64;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Server-side panel sessions in PostgreSQL (CONTRACT §13): every replica knows them, sign-out deletes the row, and a
 * session ends after 30 minutes without a page or 12 hours after sign-in. The last-seen time is written at most once
 * a minute.
 */
@ApplicationScoped
public class PanelSessions {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String INSERT = """
            insert into panel_sessions (id_hash, user_id, tenant_id, csrf_token, created_at, last_seen_at)
            values ($1, $2, $3, $4, now(), now())""";
    private static final String FIND = """
            select s.id_hash, s.user_id, u.email, s.tenant_id, t.name, t.plan, t.rate_limit_per_hour, t.time_zone,
                   s.csrf_token, s.last_seen_at < now() - interval '1 minute' as stale
              from panel_sessions s join tenant_users u on u.id = s.user_id join tenants t on t.id = s.tenant_id
             where s.id_hash = $1 and s.last_seen_at > now() - interval '30 minutes'
               and s.created_at > now() - interval '12 hours'""";
    private static final String TOUCH = "update panel_sessions set last_seen_at = now() where id_hash = $1";
    private static final String DELETE = "delete from panel_sessions where id_hash = $1";
    private static final String PURGE = """
            delete from panel_sessions
             where last_seen_at < now() - interval '30 minutes' or created_at < now() - interval '12 hours'""";

    private static final Logger LOG = Logger.getLogger(PanelSessions.class);

    private final Pool pool;

    public PanelSessions(Pool pool) {
        this.pool = pool;
    }

    /** Starts a session for the account; answers the cookie's value. */
    public Uni<String> start(SignInAccount account) {
        String id = randomToken();
        return pool.preparedQuery(INSERT).execute(Tuple.of(hash(id), account.userId(), account.tenantId(), randomToken()))
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
                    row.getInteger("rate_limit_per_hour"), row.getString("time_zone"), row.getString("csrf_token"));
            return row.getBoolean("stale")
                    ? pool.preparedQuery(TOUCH).execute(Tuple.of(idHash)).replaceWith(Optional.of(session))
                    : Uni.createFrom().item(Optional.of(session));
        });
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
