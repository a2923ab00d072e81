package dev.slotwise.webhooks.signing;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Keeps stored secrets as the policy says, at start and every hour, on every replica (row locks keep replicas
 * apart): a previous secret is deleted once its 24 hours of signing beside the new one are over, and every secret
 * not encrypted under the current key, or not yet bound to its endpoint, is encrypted again — which is what
 * completes a key rotation: afterwards the retired key can be removed from the configuration.
 */
@ApplicationScoped
public class SecretUpkeep {

    private static final Logger LOG = Logger.getLogger(SecretUpkeep.class);
    private static final Duration EVERY = Duration.ofHours(1);
    private static final int BATCH = 200;

    private static final String FORGET_PREVIOUS = """
            update webhook_endpoints set previous_secret_ciphertext = null
             where previous_secret_ciphertext is not null and secret_rotated_at <= now() - interval '24 hours'""";
    /** Rows whose current or previous secret is not in the current format under the current key. */
    private static final String STALE = """
            select id, secret_ciphertext, previous_secret_ciphertext from webhook_endpoints
             where not (get_byte(secret_ciphertext, 0) = 1 and length(secret_ciphertext) > 2 + get_byte(secret_ciphertext, 1)
                        and substring(secret_ciphertext from 3 for get_byte(secret_ciphertext, 1)) = convert_to($1, 'UTF8'))
                or (previous_secret_ciphertext is not null
                    and not (get_byte(previous_secret_ciphertext, 0) = 1
                             and length(previous_secret_ciphertext) > 2 + get_byte(previous_secret_ciphertext, 1)
                             and substring(previous_secret_ciphertext from 3 for get_byte(previous_secret_ciphertext, 1))
                                 = convert_to($1, 'UTF8')))
               and id > $2
             order by id limit %d for update skip locked""".formatted(BATCH);
    private static final String REWRITE = """
            update webhook_endpoints set secret_ciphertext = $2, previous_secret_ciphertext = $3 where id = $1""";

    private final Pool pool;
    private final SecretCipher cipher;
    private final Vertx vertx;
    private long timer = -1;

    public SecretUpkeep(Pool pool, SecretCipher cipher, Vertx vertx) {
        this.pool = pool;
        this.cipher = cipher;
        this.vertx = vertx;
    }

    void start(@Observes StartupEvent event) {
        run().subscribe().with(done -> {
        }, failure -> LOG.warnf("secret upkeep failed, next run in an hour: %s", failure.toString()));
        timer = vertx.setPeriodic(EVERY.toMillis(), id -> run().subscribe().with(done -> {
        }, failure -> LOG.warnf("secret upkeep failed, next run in an hour: %s", failure.toString())));
    }

    void stop(@Observes ShutdownEvent event) {
        if (timer != -1) {
            vertx.cancelTimer(timer);
        }
    }

    /** One pass: previous secrets past their day deleted, every stale secret encrypted again. */
    public Uni<Void> run() {
        return pool.query(FORGET_PREVIOUS).execute()
                .invoke(rows -> {
                    if (rows.rowCount() > 0) {
                        LOG.infof("deleted %d previous webhook secrets past their 24 hours", rows.rowCount());
                    }
                })
                .chain(this::reencryptAll);
    }

    /** Batches in id order from {@code after}; a row that cannot be decrypted is logged and left, never retried in a loop. */
    private Uni<Void> reencryptAll() {
        return reencryptFrom("");
    }

    private Uni<Void> reencryptFrom(String after) {
        return pool.withTransaction(connection -> connection.preparedQuery(STALE)
                .execute(Tuple.of(cipher.currentKeyId(), after))
                .chain(rows -> {
                    List<Tuple> rewritten = new ArrayList<>();
                    String last = null;
                    for (Row row : rows) {
                        last = row.getString("id");
                        try {
                            rewritten.add(Tuple.of(last, again(last, row.getBuffer("secret_ciphertext")),
                                    again(last, row.getBuffer("previous_secret_ciphertext"))));
                        } catch (IllegalStateException undecryptable) {
                            LOG.errorf("the secret of webhook endpoint %s cannot be decrypted (%s); rotate it",
                                    last, undecryptable.getMessage());
                        }
                    }
                    Uni<Void> written = rewritten.isEmpty() ? Uni.createFrom().voidItem()
                            : connection.preparedQuery(REWRITE).executeBatch(rewritten).replaceWithVoid()
                                    .invoke(() -> LOG.infof("encrypted %d webhook secrets again under key %s",
                                            rewritten.size(), cipher.currentKeyId()));
                    String next = last;
                    return written.replaceWith(rows.size() == BATCH ? next : null);
                }))
                .chain(next -> next == null ? Uni.createFrom().voidItem() : reencryptFrom(next));
    }

    /** The stored secret, encrypted again when it must be (as the SQL client binds bytea: a core buffer). */
    private io.vertx.core.buffer.Buffer again(String endpointId, Buffer stored) {
        if (stored == null) {
            return null;
        }
        byte[] bytes = stored.getBytes();
        return io.vertx.core.buffer.Buffer.buffer(cipher.needsReencryption(bytes)
                ? cipher.encrypt(endpointId, cipher.decrypt(endpointId, bytes)) : bytes);
    }
}
