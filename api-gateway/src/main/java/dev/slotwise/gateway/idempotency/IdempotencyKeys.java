package dev.slotwise.gateway.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.gateway.GatewayConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Idempotency keys of CONTRACT §2, in the gateway's PostgreSQL so that every gateway instance sees the same keys.
 * Claiming is one statement: the primary key lets exactly one of two racing requests own a key. A key older than
 * 24 hours, or one left running by an instance that died (after the upstream timeout), may be claimed afresh.
 */
@ApplicationScoped
public class IdempotencyKeys {

    private static final Logger LOG = Logger.getLogger(IdempotencyKeys.class);
    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {
    };
    private static final String CLAIM = """
            insert into idempotency_keys (tenant_id, key, request_hash, state, created_at)
            values ($1, $2, $3, 'running', now())
            on conflict (tenant_id, key) do update
               set request_hash = excluded.request_hash, state = 'running', status = null, headers = null,
                   body = null, created_at = now()
             where idempotency_keys.created_at < now() - interval '24 hours'
                or (idempotency_keys.state = 'running' and idempotency_keys.created_at < now() - $4 * interval '1 millisecond')
            returning true""";
    private static final String FIND = """
            select request_hash, state, status, headers, body from idempotency_keys where tenant_id = $1 and key = $2""";
    private static final String COMPLETE = """
            update idempotency_keys set state = 'done', status = $3, headers = $4, body = $5
             where tenant_id = $1 and key = $2""";
    private static final String RELEASE = "delete from idempotency_keys where tenant_id = $1 and key = $2 and state = 'running'";
    private static final String PURGE = "delete from idempotency_keys where created_at < now() - interval '24 hours'";

    private final Pool pool;
    private final ObjectMapper json;
    private final Duration abandonedAfter;

    public IdempotencyKeys(Pool pool, ObjectMapper json, GatewayConfig config) {
        this.pool = pool;
        this.json = json;
        this.abandonedAfter = config.gateway().upstreamTimeout().plusSeconds(30);
    }

    /** Purges expired keys once an hour (every instance may; the statement is idempotent). */
    void purgeHourly(@Observes StartupEvent started, Vertx vertx) {
        vertx.setPeriodic(Duration.ofHours(1).toMillis(), tick -> pool.query(PURGE).execute().subscribe().with(
                rows -> LOG.debugf("purged %d expired idempotency keys", rows.rowCount()),
                failure -> LOG.warnf("purging idempotency keys failed: %s", failure.toString())));
    }

    /** The fingerprint a key is bound to: method, path and body. */
    public static byte[] fingerprint(String method, String path, Buffer body) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((method + " " + path + "\n").getBytes(StandardCharsets.UTF_8));
            if (body != null) {
                digest.update(body.getBytes());
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Uni<Claim> claim(String tenantId, String key, byte[] fingerprint) {
        return pool.preparedQuery(CLAIM)
                .execute(Tuple.of(tenantId, key, Buffer.buffer(fingerprint), abandonedAfter.toMillis()))
                .chain(claimed -> claimed.rowCount() == 1 ? Uni.createFrom().item(new Claim.Owned())
                        : pool.preparedQuery(FIND).execute(Tuple.of(tenantId, key))
                                .map(rows -> existing(rows.iterator().hasNext() ? rows.iterator().next() : null, fingerprint)));
    }

    private Claim existing(Row row, byte[] fingerprint) {
        if (row == null) {
            // released between the two statements: the first request failed before answering; let the client retry
            return new Claim.Running();
        }
        if (!Arrays.equals(row.getBuffer("request_hash").getBytes(), fingerprint)) {
            return new Claim.Reused();
        }
        if ("running".equals(row.getString("state"))) {
            return new Claim.Running();
        }
        return new Claim.Finished(new StoredAnswer(row.getInteger("status"), headers(row.getString("headers")),
                row.getBuffer("body").getBytes()));
    }

    public Uni<Void> complete(String tenantId, String key, StoredAnswer answer) {
        return pool.preparedQuery(COMPLETE)
                .execute(Tuple.of(tenantId, key, answer.status(), text(answer.headers()), Buffer.buffer(answer.body())))
                .replaceWithVoid();
    }

    /** Gives the key up: the request did not reach a service or failed there, so a retry may run it again. */
    public Uni<Void> release(String tenantId, String key) {
        return pool.preparedQuery(RELEASE).execute(Tuple.of(tenantId, key)).replaceWithVoid();
    }

    private String text(Map<String, String> headers) {
        try {
            return json.writeValueAsString(headers);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private Map<String, String> headers(String text) {
        try {
            return json.readValue(text, HEADERS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
