package dev.slotwise.webhooks.delivery;

import dev.slotwise.commons.pg.ReplicaHeartbeat;
import dev.slotwise.webhooks.WebhooksConfig;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.UUID;

/**
 * This dispatcher process among the replicas that share the deliveries table. The deliveries it claims are leased to
 * it, and they stay leased only while it is alive: it says so every second ({@code dispatcher_replicas.seen_at}, the
 * chassis's {@link ReplicaHeartbeat}), and a lease whose replica has not been seen within
 * {@code slotwise.webhooks.replica-timeout}, or that left, is free for any replica to claim. So a replica that dies
 * (SIGKILL, the OOM killer, a lost node) holds its deliveries back for seconds, not for the lease's full length; one
 * that stops cleanly hands back at once what it had not sent ({@link DeliveryWorker}) and then leaves. Every claim
 * also says that this replica is alive, in the claim's own statement, so no lease is ever taken in the name of a
 * replica that others think dead.
 */
@ApplicationScoped
public class DispatcherReplica {

    private final ReplicaHeartbeat heartbeat;

    public DispatcherReplica(Pool pool, Vertx vertx, WebhooksConfig config) {
        this.heartbeat = new ReplicaHeartbeat(pool, vertx, "dispatcher_replicas", config.replicaHeartbeat());
    }

    void start(@Observes StartupEvent event) {
        heartbeat.start();
    }

    /** This replica's id: the holder named in the leases it takes. */
    public UUID id() {
        return heartbeat.id();
    }

    /** Leaves the replicas: whatever it still holds is free for the others now. */
    Uni<Void> leave() {
        return heartbeat.leave();
    }
}
