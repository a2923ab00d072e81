package dev.slotwise.webhooks.delivery;

import dev.slotwise.commons.pg.NotifiedLoop;
import dev.slotwise.webhooks.WebhooksConfig;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.core.http.HttpClient;
import io.vertx.mutiny.core.http.HttpClientRequest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Sends due deliveries. A batch is claimed with {@code FOR UPDATE SKIP LOCKED} and leased in its own committed
 * statement before any HTTP call (no transaction open across it), so several dispatcher replicas share the work
 * and a crashed one's leases simply expire. Each attempt is recorded; the next one is scheduled from the retry
 * delays. Woken by {@code LISTEN slotwise_deliveries}, with a polling backstop for retries that fall due.
 */
@ApplicationScoped
public class DeliveryWorker {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    private static final String CLAIM = """
            update deliveries d set lease_until = now() + make_interval(secs => $2)
              from webhook_endpoints e
             where e.id = d.endpoint_id
               and (e.status = 'active' or d.event_type = 'ping')
               and d.id in (select id from deliveries
                             where status = 'pending' and next_attempt_at <= now()
                               and (lease_until is null or lease_until < now())
                             order by next_attempt_at limit $1
                             for update skip locked)
            returning d.id, d.endpoint_id, d.event_type, d.payload, d.attempt_count, e.url, e.secret_ciphertext,
                      case when e.secret_rotated_at > now() - interval '24 hours'
                           then e.previous_secret_ciphertext end as previous_secret_ciphertext""";
    private static final String RECORD_ATTEMPT = """
            insert into delivery_attempts (delivery_id, at, response_status, duration_ms, error)
            values ($1, $2, $3, $4, $5)""";
    private static final String RECORD_OUTCOME = """
            update deliveries set status = $2, attempt_count = attempt_count + 1, next_attempt_at = $3,
                   lease_until = null, last_response_status = $4, last_error = $5
             where id = $1""";
    /** A dead endpoint (its last retry failed, or it answered 410): no attempts until it is resumed. */
    private static final String PAUSE_ENDPOINT = """
            update webhook_endpoints set status = 'paused', updated_at = now() where id = $1 and status = 'active'""";
    private static final String HOLD_PENDING = """
            update deliveries set status = 'held', next_attempt_at = null, lease_until = null
             where endpoint_id = $1 and status = 'pending' and id <> $2""";

    private final Pool pool;
    private final WebhooksConfig config;
    private final SecretCipher cipher;
    private final RetrySchedule schedule;
    private final HttpClient http;
    private final NotifiedLoop loop;

    public DeliveryWorker(Pool pool, Vertx vertx, WebhooksConfig config, SecretCipher cipher,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String username,
            @ConfigProperty(name = "quarkus.datasource.password", defaultValue = "") String password) {
        this.pool = pool;
        this.config = config;
        this.cipher = cipher;
        this.schedule = new RetrySchedule(config.retryDelays());
        this.loop = new NotifiedLoop("delivery worker", vertx, NotifiedLoop.listenOptions(url, username, password),
                "slotwise_deliveries", config.pollInterval(), this::drain);
        this.http = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) config.timeout().toMillis())
                .setMaxPoolSize(256)
                .setKeepAlive(true)
                .setVerifyHost(true)
                .setTrustAll(false));
    }

    void start(@Observes StartupEvent event) {
        loop.start();
    }

    void stop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    private Uni<Void> drain() {
        return claim().chain(batch -> batch.isEmpty() ? Uni.createFrom().voidItem()
                : Uni.join().all(batch.stream().map(this::deliver).toList()).andCollectFailures()
                        .onFailure().recoverWithNull()
                        .chain(done -> batch.size() >= config.batchSize() ? drain() : Uni.createFrom().voidItem()));
    }

    private Uni<List<Due>> claim() {
        return pool.preparedQuery(CLAIM)
                .execute(Tuple.of(config.batchSize(), (double) config.lease().toSeconds()))
                .map(rows -> {
                    List<Due> due = new ArrayList<>();
                    for (Row row : rows) {
                        Buffer previous = row.getBuffer("previous_secret_ciphertext");
                        due.add(new Due(row.getUUID("id"), row.getString("endpoint_id"), row.getString("event_type"),
                                row.getString("payload"), row.getInteger("attempt_count"), row.getString("url"),
                                row.getBuffer("secret_ciphertext").getBytes(), previous == null ? null : previous.getBytes()));
                    }
                    return due;
                });
    }

    private Uni<Void> deliver(Due due) {
        Instant started = Instant.now();
        long startedNanos = System.nanoTime();
        return send(due)
                .map(status -> new Outcome(status, null))
                .onFailure().recoverWithItem(failure -> new Outcome(null, describe(failure)))
                .chain(outcome -> record(due, started, (System.nanoTime() - startedNanos) / 1_000_000, outcome))
                .onFailure().invoke(failure -> LOG.errorf(failure,
                        "recording delivery %s failed; it is sent again when its lease expires", due.id()));
    }

    private Uni<Integer> send(Due due) {
        String secret = cipher.decrypt(due.secretCiphertext());
        String deliveryId = due.id().toString();
        long timestamp = Instant.now().getEpochSecond();
        String standardSignature = WebhookSigner.standardSignature(secret, deliveryId, timestamp, due.payload());
        if (due.previousSecretCiphertext() != null) {
            // within 24 h of a rotation the old secret signs too, so receivers can switch without losing a delivery
            standardSignature += " " + WebhookSigner.standardSignature(cipher.decrypt(due.previousSecretCiphertext()),
                    deliveryId, timestamp, due.payload());
        }
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(due.url())
                .setFollowRedirects(false)
                .putHeader("Content-Type", "application/json")
                .putHeader("User-Agent", "Slotwise-Webhooks/1")
                .putHeader("X-Slotwise-Event", due.eventType())
                .putHeader("X-Slotwise-Delivery", deliveryId)
                .putHeader("X-Slotwise-Signature", WebhookSigner.slotwiseSignature(secret, due.payload()))
                .putHeader("webhook-id", deliveryId)
                .putHeader("webhook-timestamp", Long.toString(timestamp))
                .putHeader("webhook-signature", standardSignature);
        return http.request(options)
                .chain(request -> sendBody(request, due.payload()))
                .ifNoItem().after(config.timeout()).failWith(() -> new DeliveryTimeout(config.timeout().toMillis()));
    }

    private static Uni<Integer> sendBody(HttpClientRequest request, String body) {
        return request.send(Buffer.buffer(body))
                .chain(response -> response.body().replaceWith(response.statusCode()));
    }

    /**
     * Records the attempt and what follows: success; another attempt on the schedule; or, after the last retry or
     * a {@code 410 Gone}, a failed delivery and a paused endpoint whose other pending deliveries are held.
     */
    private Uni<Void> record(Due due, Instant at, long durationMs, Outcome outcome) {
        boolean succeeded = outcome.status() != null && outcome.status() >= 200 && outcome.status() < 300;
        boolean gone = outcome.status() != null && outcome.status() == 410;
        String error = succeeded ? null : outcome.error() != null ? outcome.error() : "HTTP " + outcome.status();
        Optional<Instant> next = succeeded || gone ? Optional.empty() : schedule.nextAttempt(due.attemptCount() + 1, Instant.now());
        String status = succeeded ? "succeeded" : next.isPresent() ? "pending" : "failed";
        boolean pause = !succeeded && next.isEmpty();
        return pool.withTransaction(connection -> connection.preparedQuery(RECORD_ATTEMPT)
                        .execute(Tuple.of(due.id(), utc(at), outcome.status(), (int) durationMs, error))
                        .chain(() -> connection.preparedQuery(RECORD_OUTCOME).execute(Tuple.from(Arrays.asList(
                                due.id(), status, next.map(DeliveryWorker::utc).orElse(null), outcome.status(), error))))
                        .chain(() -> !pause ? Uni.createFrom().voidItem()
                                : connection.preparedQuery(PAUSE_ENDPOINT).execute(Tuple.of(due.endpointId()))
                                        .chain(() -> connection.preparedQuery(HOLD_PENDING)
                                                .execute(Tuple.of(due.endpointId(), due.id())))
                                        .replaceWithVoid()))
                .replaceWithVoid();
    }

    private static Object utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static String describe(Throwable failure) {
        if (failure instanceof DeliveryTimeout) {
            return "timeout";
        }
        String name = failure.getClass().getSimpleName();
        return name.isEmpty() ? "connection_error" : name;
    }

    record Due(UUID id, String endpointId, String eventType, String payload, int attemptCount, String url,
            byte[] secretCiphertext, byte[] previousSecretCiphertext) {
    }

    record Outcome(Integer status, String error) {
    }

    static final class DeliveryTimeout extends RuntimeException {
        DeliveryTimeout(long millis) {
            super("no answer within " + millis + " ms", null, false, false);
        }
    }
}
