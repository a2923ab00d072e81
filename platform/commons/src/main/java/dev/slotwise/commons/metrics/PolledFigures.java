package dev.slotwise.commons.metrics;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Figures that live in the database (outbox backlog, deliveries waiting) are read every
 * {@code slotwise.metrics.poll-interval} [5s] and kept for the gauges, which a scrape reads without touching the
 * database. A failed read (the database away) keeps the last figures and is retried on the next tick; the health
 * checks, not the metrics, say that the database is down.
 */
@ApplicationScoped
public class PolledFigures {

    private static final Logger LOG = Logger.getLogger(PolledFigures.class);

    private final Vertx vertx;
    private final Duration interval;
    private final List<Long> timers = new CopyOnWriteArrayList<>();

    public PolledFigures(Vertx vertx,
            @ConfigProperty(name = "slotwise.metrics.poll-interval", defaultValue = "5s") Duration interval) {
        this.vertx = vertx;
        this.interval = interval;
    }

    /** Runs {@code read} now and then every interval, never two at a time. */
    public void every(String what, Supplier<Uni<Void>> read) {
        Runnable tick = new Runnable() {
            private boolean running;

            @Override
            public synchronized void run() {
                if (running) {
                    return;
                }
                running = true;
                read.get().subscribe().with(done -> finished(), failure -> {
                    LOG.debugf("reading %s for the metrics failed: %s", what, failure.toString());
                    finished();
                });
            }

            private synchronized void finished() {
                running = false;
            }
        };
        tick.run();
        timers.add(vertx.setPeriodic(interval.toMillis(), id -> tick.run()));
    }

    void stop(@Observes ShutdownEvent event) {
        timers.forEach(vertx::cancelTimer);
    }
}
