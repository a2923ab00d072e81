package dev.slotwise.notification.schedule;

import dev.slotwise.commons.pg.ReplicaHeartbeat;
import dev.slotwise.notification.NotificationsConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.UUID;

/**
 * This process among the replicas sharing the schedule (as the dispatcher's replicas share deliveries, decision
 * 0001): the e-mails it claims are leased to it while it says every second that it is alive
 * ({@code notifier_replicas}); a replica unseen for {@code slotwise.notifications.replica-timeout}, or gone, holds
 * nothing.
 */
@ApplicationScoped
public class NotifierReplica {

    private final ReplicaHeartbeat heartbeat;

    public NotifierReplica(Pool pool, Vertx vertx, NotificationsConfig config) {
        this.heartbeat = new ReplicaHeartbeat(pool, vertx, "notifier_replicas", config.replicaHeartbeat());
    }

    void start(@Observes StartupEvent event) {
        heartbeat.start();
    }

    public UUID id() {
        return heartbeat.id();
    }

    /** Says now that this replica is alive (also before its first claim). */
    Uni<Void> beat() {
        return heartbeat.beat();
    }

    Uni<Void> leave() {
        return heartbeat.leave();
    }
}
