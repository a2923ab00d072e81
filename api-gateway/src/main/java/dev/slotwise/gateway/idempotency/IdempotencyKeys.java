package dev.slotwise.gateway.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
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
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Idempotency keys of CONTRACT §2, in the gateway's PostgreSQL so that every gateway instance sees the same keys.
 * A key belongs to the credential that sent it (an API key, or for an OAuth access token its grant) within its
 * tenant: two applications of one tenant that happen to use the same key never see each other's answers.
 * Claiming is one statement: the primary key lets exactly one of two racing requests own a key. A key older than
 * 24 hours, or one left running by an instance that died (after the upstream timeout), may be claimed afresh.
 * Only answers below 500 are stored (see {@link #complete}).
 */
@ApplicationScoped
public class IdempotencyKeys {

    private static final Logger LOG = Logger.getLogger(IdempotencyKeys.class);
    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {
    };
    private static final String CLAIM = """
            insert into idempotency_keys (tenant_id, credential_id, key, request_hash, state, created_at)
            values ($1, $2, $3, $4, 'running', now())
            on conflict (tenant_id, credential_id, key) do update
               set request_hash = excluded.request_hash, state = 'running', status = null, headers = null,
                   body = null, created_at = now()
             where idempotency_keys.created_at < now() - interval '24 hours'
                or (idempotency_keys.state = 'running' and idempotency_keys.created_at < now() - $5 * interval '1 millisecond')
            returning true""";
    private static final String FIND = """
            select request_hash, state, status, headers, body from idempotency_keys
             where tenant_id = $1 and credential_id = $2 and key = $3""";
    private static final String COMPLETE = """
            update idempotency_keys set state = 'done', status = $4, headers = $5, body = $6
             where tenant_id = $1 and credential_id = $2 and key = $3""";
    private static final String RELEASE = """
            delete from idempotency_keys where tenant_id = $1 and credential_id = $2 and key = $3 and state = 'running'""";
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

    /** Claims {@code key} for this request of {@code credential}; answers what an earlier request left there. */
    public Uni<Claim> claim(Credential credential, String key, byte[] fingerprint) {
        return pool.preparedQuery(CLAIM)
                .execute(Tuple.of(credential.tenantId(), credential.id(), key, Buffer.buffer(fingerprint),
                        abandonedAfter.toMillis()))
                .chain(claimed -> claimed.rowCount() == 1 ? Uni.createFrom().item(new Claim.Owned())
                        : pool.preparedQuery(FIND).execute(Tuple.of(credential.tenantId(), credential.id(), key))
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

    /**
     * Stores the answer to replay, or, for a 5xx, gives the key up instead: a server error means the request did not
     * take effect (each service runs a request in one transaction) or its outcome is unknown, and a retry with the
     * same key should run it again rather than be told the same failure for 24 hours.
     */
    public Uni<Void> complete(Credential credential, String key, StoredAnswer answer) {
        if (answer.status() >= 500) {
            return release(credential, key);
        }
        return pool.preparedQuery(COMPLETE)
                .execute(Tuple.from(List.of(credential.tenantId(), credential.id(), key, answer.status(),
                        text(answer.headers()), Buffer.buffer(answer.body()))))
                .replaceWithVoid();
    }

    /** Gives the key up: the request did not reach a service or failed there, so a retry may run it again. */
    public Uni<Void> release(Credential credential, String key) {
        return pool.preparedQuery(RELEASE).execute(Tuple.of(credential.tenantId(), credential.id(), key))
                .replaceWithVoid();
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
