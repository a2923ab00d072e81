package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.slotwise.commons.metrics.PolledFigures;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
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
 * and {@code slotwise_webhook_endpoints_paused}.
 */
@ApplicationScoped
public class DeliveryMetrics {

    private static final JsonFactory JSON = new JsonFactory();
    static final String WAITING = """
            select (select count(*) from deliveries where status = 'pending') as pending,
                   (select count(*) from webhook_endpoints e
                      join deliveries d on d.endpoint_id = e.id and d.status = 'held'
                     where e.status = 'paused') as held,
                   (select count(*) from webhook_endpoints where status = 'paused') as paused""";

    private final MeterRegistry registry;
    private final Pool pool;
    private final PolledFigures figures;
    private final Map<String, Counter> attempts = new ConcurrentHashMap<>();
    private final Timer latency;
    private final Counter failed;
    private volatile long pending;
    private volatile long held;
    private volatile long paused;

    public DeliveryMetrics(MeterRegistry registry, Pool pool, PolledFigures figures) {
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
    }

    void start(@Observes StartupEvent event) {
        figures.every("waiting deliveries", () -> pool.query(WAITING).execute().invoke(result -> {
            Row row = result.iterator().next();
            pending = row.getLong("pending");
            held = row.getLong("held");
            paused = row.getLong("paused");
        }).replaceWithVoid());
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
