package dev.slotwise.commons.pg;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * One process among the replicas that share a table of work through leases (decision 0001: the dispatcher's
 * deliveries, notification-service's schedule): it says every {@code every} that it is alive, as a row
 * {@code (id uuid primary key, seen_at timestamptz default now())} of {@code table}, and a lease is good only while
 * its holder's row is fresh. So a replica that dies (SIGKILL, the OOM killer, a lost node) holds its work back for
 * the claimers' timeout, not for a lease's full length; one that stops cleanly {@link #leave}s and holds nothing at
 * once. Rows unseen for a day are forgotten (checked once an hour of beats).
 */
public final class ReplicaHeartbeat {

    private static final Logger LOG = Logger.getLogger(ReplicaHeartbeat.class);
    private static final Pattern TABLE = Pattern.compile("[a-z_]+");
    private static final int BEATS_BETWEEN_CLEAN_UPS = 3600;

    private final UUID id = UUID.randomUUID();
    private final Pool pool;
    private final Vertx vertx;
    private final Duration every;
    private final String seen;
    private final String forgetGone;
    private final String leave;
    private long beats;
    private long timer = -1;

    /** @param table the replicas' table (a fixed name in code: letters and underscores) */
    public ReplicaHeartbeat(Pool pool, Vertx vertx, String table, Duration every) {
        if (!TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("not a table name: " + table);
        }
        this.pool = pool;
        this.vertx = vertx;
        this.every = every;
        this.seen = "insert into " + table + " (id) values ($1) on conflict (id) do update set seen_at = now()";
        this.forgetGone = "delete from " + table + " where seen_at < now() - interval '1 day'";
        this.leave = "delete from " + table + " where id = $1";
    }

    /** Beats now and then every {@code every}. */
    public void start() {
        timer = vertx.setPeriodic(0, every.toMillis(), tick -> beat());
    }

    /** This replica's id: the holder named in the leases it takes. */
    public UUID id() {
        return id;
    }

    /** Says now that this replica is alive; a beat that cannot be written is logged (debug) and not retried. */
    public Uni<Void> beat() {
        Uni<?> written = pool.preparedQuery(seen).execute(Tuple.of(id));
        if (beats++ % BEATS_BETWEEN_CLEAN_UPS == 0) {
            written = written.chain(() -> pool.query(forgetGone).execute());
        }
        Uni<Void> done = written.replaceWithVoid().memoize().indefinitely();
        done.subscribe().with(ok -> { }, failure -> LOG.debugf("heartbeat not written: %s", failure.getMessage()));
        return done;
    }

    /** Stops beating and leaves the replicas: whatever it still holds is free for the others now. */
    public Uni<Void> leave() {
        vertx.cancelTimer(timer);
        return pool.preparedQuery(leave).execute(Tuple.of(id)).replaceWithVoid();
    }
}
