package dev.slotwise.commons.outbox;

import dev.slotwise.commons.metrics.PolledFigures;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.OffsetDateTime;

/**
 * The outbox as metrics: {@code slotwise_outbox_backlog_rows} (events committed but not yet acknowledged by Kafka)
 * and {@code slotwise_outbox_oldest_age_seconds} (how long the oldest of them has waited; 0 when none). During a
 * Kafka outage both grow while the API goes on answering; when they keep growing with Kafka up, the relay is stuck.
 */
@ApplicationScoped
@IfBuildProperty(name = "slotwise.outbox.enabled", stringValue = "true")
public class OutboxBacklog {

    private final Pool pool;
    private final PolledFigures figures;
    private volatile long rows;
    /** Epoch milliseconds of the oldest row, or 0 when the outbox is empty. */
    private volatile long oldestMillis;

    public OutboxBacklog(Pool pool, PolledFigures figures, MeterRegistry registry) {
        this.pool = pool;
        this.figures = figures;
        Gauge.builder("slotwise.outbox.backlog", this, backlog -> backlog.rows).baseUnit("rows")
                .description("Events committed but not yet acknowledged by Kafka").register(registry);
        Gauge.builder("slotwise.outbox.oldest.age", this, OutboxBacklog::oldestAgeSeconds).baseUnit("seconds")
                .description("How long the oldest unpublished event has waited (0 when none waits)").register(registry);
    }

    void start(@Observes StartupEvent event) {
        figures.every("the outbox backlog", () -> pool
                .query("select count(*) as waiting, min(created_at) as oldest from outbox").execute()
                .invoke(result -> {
                    Row row = result.iterator().next();
                    OffsetDateTime oldest = row.getOffsetDateTime("oldest");
                    rows = row.getLong("waiting");
                    oldestMillis = oldest == null ? 0 : oldest.toInstant().toEpochMilli();
                })
                .replaceWithVoid());
    }

    private double oldestAgeSeconds() {
        long oldest = oldestMillis;
        return oldest == 0 ? 0 : Math.max(0, System.currentTimeMillis() - oldest) / 1000.0;
    }
}
