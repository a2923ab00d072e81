package dev.slotwise.notification.schedule;

import dev.slotwise.notification.NotificationsConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * This process among the replicas sharing the schedule (as the dispatcher's replicas share deliveries, decision
 * 0001): the e-mails it claims are leased to it while it says every second that it is alive; a replica unseen for
 * {@code slotwise.notifications.replica-timeout}, or gone, holds nothing.
 */
@ApplicationScoped
public class NotifierReplica {

    private static final Logger LOG = Logger.getLogger(NotifierReplica.class);
    private static final String SEEN = """
            insert into notifier_replicas (id) values ($1) on conflict (id) do update set seen_at = now()""";
    private static final String FORGET_GONE = "delete from notifier_replicas where seen_at < now() - interval '1 day'";
    private static final String LEAVE = "delete from notifier_replicas where id = $1";

    private final UUID id = UUID.randomUUID();
    private final Pool pool;
    private final Vertx vertx;
    private final NotificationsConfig config;
    private long beats;
    private long timer = -1;

    public NotifierReplica(Pool pool, Vertx vertx, NotificationsConfig config) {
        this.pool = pool;
        this.vertx = vertx;
        this.config = config;
    }

    void start(@Observes StartupEvent event) {
        timer = vertx.setPeriodic(0, config.replicaHeartbeat().toMillis(), tick -> beat());
    }

    public UUID id() {
        return id;
    }

    /** Says now that this replica is alive (also before its first claim). */
    Uni<Void> beat() {
        Uni<?> seen = pool.preparedQuery(SEEN).execute(Tuple.of(id));
        if (beats++ % 3600 == 0) {
            seen = seen.chain(() -> pool.query(FORGET_GONE).execute());
        }
        Uni<Void> done = seen.replaceWithVoid();
        done.subscribe().with(ok -> { }, failure -> LOG.debugf("heartbeat not written: %s", failure.getMessage()));
        return done;
    }

    Uni<Void> leave() {
        vertx.cancelTimer(timer);
        return pool.preparedQuery(LEAVE).execute(Tuple.of(id)).replaceWithVoid();
    }
}
