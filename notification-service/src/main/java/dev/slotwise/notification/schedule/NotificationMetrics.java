package dev.slotwise.notification.schedule;

import dev.slotwise.commons.metrics.PolledFigures;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code slotwise_notifications_total{kind,outcome}} (sent, failed, skipped, retried) and the schedule's backlog:
 * {@code slotwise_notifications_due} (e-mails due and not yet done) and {@code slotwise_notifications_oldest_due_seconds}
 * (how long the oldest of them has waited). No label names a tenant, an appointment or an address.
 */
@ApplicationScoped
public class NotificationMetrics {

    private static final String BACKLOG = """
            select count(*) as due, coalesce(extract(epoch from now() - min(next_attempt_at)), 0) as oldest
            from notifications where status = 'scheduled' and next_attempt_at <= now()""";

    private final MeterRegistry registry;
    private final Pool pool;
    private final PolledFigures figures;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final AtomicLong due = new AtomicLong();
    private final AtomicLong oldestDueMillis = new AtomicLong();

    public NotificationMetrics(MeterRegistry registry, Pool pool, PolledFigures figures) {
        this.registry = registry;
        this.pool = pool;
        this.figures = figures;
    }

    /** Every outcome a send can have: each counter exists from the start, at 0, so that alerts on its rate see it. */
    static final List<String> OUTCOMES = List.of("sent", "failed", "skipped", "retried");

    void start(@Observes StartupEvent event) {
        for (Kind kind : Kind.values()) {
            OUTCOMES.forEach(outcome -> counter(kind, outcome));
        }
        Gauge.builder("slotwise.notifications.due", due, AtomicLong::get)
                .description("Customer e-mails due and not yet sent, failed or skipped").register(registry);
        Gauge.builder("slotwise.notifications.oldest.due.seconds", oldestDueMillis, millis -> millis.get() / 1000.0)
                .description("How long the oldest due customer e-mail has waited").register(registry);
        figures.every("the notification backlog", () -> pool.query(BACKLOG).execute().invoke(rows -> {
            Row row = rows.iterator().next();
            due.set(row.getLong("due"));
            oldestDueMillis.set(Math.round(row.getDouble("oldest") * 1000));
        }).replaceWithVoid());
    }

    void outcome(Kind kind, String outcome) {
        counter(kind, outcome).increment();
    }

    private Counter counter(Kind kind, String outcome) {
        return counters.computeIfAbsent(kind.value() + ":" + outcome, key -> Counter.builder("slotwise.notifications")
                .description("Customer e-mails by kind and outcome (sent, failed, skipped, retried)")
                .tag("kind", kind.value()).tag("outcome", outcome).register(registry));
    }
}
