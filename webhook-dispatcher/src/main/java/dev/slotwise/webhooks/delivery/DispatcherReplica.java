package dev.slotwise.webhooks.delivery;

import dev.slotwise.webhooks.WebhooksConfig;
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
 * This dispatcher process among the replicas that share the deliveries table. The deliveries it claims are leased to
 * it, and they stay leased only while it is alive: it says so every second ({@code seen_at}), and a lease whose
 * replica has not been seen within {@code slotwise.webhooks.replica-timeout}, or that left, is free for any replica
 * to claim. So a replica that dies (SIGKILL, the OOM killer, a lost node) holds its deliveries back for seconds, not
 * for the lease's full length; one that stops cleanly hands back at once what it had not sent ({@link
 * DeliveryWorker}) and then leaves. Every claim also says that this replica is alive, in the claim's own statement,
 * so no lease is ever taken in the name of a replica that others think dead.
 */
@ApplicationScoped
public class DispatcherReplica {

    private static final Logger LOG = Logger.getLogger(DispatcherReplica.class);
    static final String SEEN = """
            insert into dispatcher_replicas as r (id) values ($1) on conflict (id) do update set seen_at = now()""";
    /** Replicas gone for a day are forgotten; their leases count as free long before. */
    private static final String FORGET_GONE = """
            delete from dispatcher_replicas where seen_at < now() - interval '1 day'""";
    private static final String LEAVE = "delete from dispatcher_replicas where id = $1";

    private final UUID id = UUID.randomUUID();
    private final Pool pool;
    private final Vertx vertx;
    private final WebhooksConfig config;
    private long beats;
    private long timer = -1;

    public DispatcherReplica(Pool pool, Vertx vertx, WebhooksConfig config) {
        this.pool = pool;
        this.vertx = vertx;
        this.config = config;
    }

    void start(@Observes StartupEvent event) {
        timer = vertx.setPeriodic(0, config.replicaHeartbeat().toMillis(), id -> beat());
    }

    /** This replica's id: the holder named in the leases it takes. */
    public UUID id() {
        return id;
    }

    private void beat() {
        Uni<?> seen = pool.preparedQuery(SEEN).execute(Tuple.of(id));
        if (beats++ % 3600 == 0) {
            seen = seen.chain(() -> pool.query(FORGET_GONE).execute());
        }
        seen.subscribe().with(ok -> { }, failure -> LOG.debugf("heartbeat not written: %s", failure.getMessage()));
    }

    /** Leaves the replicas: whatever it still holds is free for the others now. */
    Uni<Void> leave() {
        vertx.cancelTimer(timer);
        return pool.preparedQuery(LEAVE).execute(Tuple.of(id)).replaceWithVoid();
    }
}
