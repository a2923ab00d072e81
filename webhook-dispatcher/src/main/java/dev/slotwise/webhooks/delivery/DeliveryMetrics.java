package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.slotwise.commons.metrics.PolledFigures;
import dev.slotwise.webhooks.WebhooksConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The dispatcher as metrics. Per attempt: {@code slotwise_webhook_attempts_total{outcome}} (the answer's status class
 * {@code 2xx}…{@code 5xx}, or {@code timeout}, {@code refused} — a destination the policy forbids —, {@code error}:
 * no answer); per delivery that succeeded, {@code slotwise_webhook_delivery_latency_seconds} from the event's
 * {@code createdAt} to its delivery (original deliveries of events, not replays or pings: this is how late webhooks
 * are); {@code slotwise_webhook_deliveries_failed_total} when a delivery's last retry fails or it meets a 410.
 * From the database every few seconds: deliveries {@code pending} and {@code held} (waiting for a paused endpoint),
 * {@code slotwise_webhook_endpoints_paused}, how long the oldest due delivery has waited
 * ({@code slotwise_webhook_deliveries_oldest_due_seconds}: the queue's age, which grows when deliveries are stuck)
 * and deliveries leased by a replica that died ({@code slotwise_webhook_deliveries_orphaned}).
 */
@ApplicationScoped
public class DeliveryMetrics {

    private static final JsonFactory JSON = new JsonFactory();
    static final String WAITING = """
            select (select count(*) from deliveries where status = 'pending') as pending,
                   (select count(*) from webhook_endpoints e
                      join deliveries d on d.endpoint_id = e.id and d.status = 'held'
                     where e.status = 'paused') as held,
                   (select count(*) from webhook_endpoints where status = 'paused') as paused,
                   (select coalesce(extract(epoch from now() - min(d.next_attempt_at)), 0)
                      from deliveries d join webhook_endpoints e on e.id = d.endpoint_id
                     where d.status = 'pending' and d.next_attempt_at <= now()
                       and (e.status = 'active' or d.event_type = 'ping')) as oldest_due_seconds,
                   (select count(*) from deliveries d
                     where d.status = 'pending' and d.lease_until >= now() and d.leased_by is not null
                       and not exists (select 1 from dispatcher_replicas r
                                        where r.id = d.leased_by and r.seen_at > now() - make_interval(secs => $1)))
                       as orphaned""";

    private final MeterRegistry registry;
    private final Pool pool;
    private final PolledFigures figures;
    private final Map<String, Counter> attempts = new ConcurrentHashMap<>();
    private final Timer latency;
    private final Counter failed;
    private volatile long pending;
    private volatile long held;
    private volatile long paused;
    private volatile double oldestDueSeconds;
    private volatile long orphaned;
    private final double replicaTimeoutSeconds;

    public DeliveryMetrics(MeterRegistry registry, Pool pool, PolledFigures figures, WebhooksConfig config) {
        this.replicaTimeoutSeconds = config.replicaTimeout().toMillis() / 1000.0;
        this.registry = registry;
        this.pool = pool;
        this.figures = figures;
        this.latency = Timer.builder("slotwise.webhook.delivery.latency")
                .description("From an event's creation to its successful delivery (original deliveries, not replays)")
                .register(registry);
        this.failed = Counter.builder("slotwise.webhook.deliveries.failed")
                .description("Deliveries that failed for good: last retry failed, or the endpoint answered 410")
                .register(registry);
        waiting("pending", "Deliveries waiting for their next attempt", () -> pending);
        waiting("held", "Deliveries held while their endpoint is paused", () -> held);
        Gauge.builder("slotwise.webhook.endpoints.paused", this, metrics -> metrics.paused)
                .description("Webhook endpoints paused (by failures, a 410 or their owner)").register(registry);
        Gauge.builder("slotwise.webhook.deliveries.oldest.due.seconds", this, metrics -> metrics.oldestDueSeconds)
                .description("How long the oldest delivery that is due (to an active endpoint) has waited for its attempt"
                        + " to be recorded: seconds when deliveries flow, growing when they are stuck")
                .register(registry);
        Gauge.builder("slotwise.webhook.deliveries.orphaned", this, metrics -> metrics.orphaned)
                .description("Pending deliveries leased by a dispatcher replica that died: claimed again within"
                        + " seconds, so anything but a brief blip means claims are not running")
                .register(registry);
    }

    void start(@Observes StartupEvent event) {
        figures.every("waiting deliveries", () -> pool.preparedQuery(WAITING).execute(Tuple.of(replicaTimeoutSeconds))
                .invoke(result -> read(result.iterator().next())).replaceWithVoid());
    }

    private void read(Row row) {
        pending = row.getLong("pending");
        held = row.getLong("held");
        paused = row.getLong("paused");
        oldestDueSeconds = row.getNumeric("oldest_due_seconds").doubleValue();
        orphaned = row.getLong("orphaned");
    }

    /** One attempt's outcome: the HTTP status, or else what went wrong ({@code timeout}, {@code destination_refused}, …). */
    void attempted(Due due, Integer status, String error, boolean failedForGood) {
        String outcome = status != null ? (status / 100) + "xx"
                : "timeout".equals(error) ? "timeout" : "destination_refused".equals(error) ? "refused" : "error";
        attempts.computeIfAbsent(outcome, key -> Counter.builder("slotwise.webhook.attempts")
                .description("Delivery attempts by outcome").tag("outcome", key).register(registry)).increment();
        if (failedForGood) {
            failed.increment();
        }
        if (status != null && status >= 200 && status < 300 && due.original() && !"ping".equals(due.eventType())) {
            Instant created = createdAt(due.payload());
            if (created != null) {
                latency.record(Duration.between(created, Instant.now()));
            }
        }
    }

    private void waiting(String status, String description, Supplier<Number> value) {
        Gauge.builder("slotwise.webhook.deliveries.waiting", value).description(description)
                .tag("status", status).register(registry);
    }

    /** The top-level {@code createdAt} of an event body, read without building a tree; {@code null} when absent. */
    static Instant createdAt(String body) {
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("createdAt".equals(field) && value == JsonToken.VALUE_STRING) {
                    return Instant.parse(parser.getText());
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException | DateTimeParseException e) {
            return null;
        }
    }
}
