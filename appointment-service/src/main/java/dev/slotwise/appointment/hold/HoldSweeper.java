package dev.slotwise.appointment.hold;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Tidies up: deletes the {@code visit_segments} rows of holds that expired a while ago. Not needed for correctness —
 * an expired hold's rows conflict with nothing written after its expiry and every read leaves them out — only so the
 * table and its index do not grow with every abandoned checkout. Every replica may run it; the delete is idempotent.
 */
@ApplicationScoped
public class HoldSweeper {

    private static final Logger LOG = Logger.getLogger(HoldSweeper.class);
    private static final String SWEEP = """
            delete from visit_segments where state = 'held' and live_until < clock_timestamp() - interval '1 minute'""";

    private final Vertx vertx;
    private final Pool pool;
    private final Duration interval;
    private final boolean enabled;
    private long timer = -1;

    HoldSweeper(Vertx vertx, Pool pool,
            @ConfigProperty(name = "slotwise.holds.sweep-interval", defaultValue = "5m") Duration interval,
            @ConfigProperty(name = "slotwise.holds.sweep-enabled", defaultValue = "true") boolean enabled) {
        this.vertx = vertx;
        this.pool = pool;
        this.interval = interval;
        this.enabled = enabled;
    }

    void start(@Observes StartupEvent started) {
        if (enabled) {
            timer = vertx.setPeriodic(interval.toMillis(), tick -> sweep());
        }
    }

    void stop(@Observes ShutdownEvent stopping) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    private void sweep() {
        pool.query(SWEEP).execute().subscribe().with(
                rows -> LOG.debugf("swept the rows of %d expired hold segments", rows.rowCount()),
                failure -> LOG.warnf("sweeping expired holds failed: %s", failure.toString()));
    }
}
