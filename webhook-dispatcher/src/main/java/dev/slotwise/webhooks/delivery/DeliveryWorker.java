package dev.slotwise.webhooks.delivery;

import dev.slotwise.commons.event.ConsumerRetry;
import dev.slotwise.commons.pg.NotifiedLoop;
import dev.slotwise.webhooks.WebhooksConfig;
import dev.slotwise.webhooks.delivery.DeliverySender.DeliveryTimeout;
import dev.slotwise.webhooks.destination.DestinationRefused;
import io.opentelemetry.api.trace.Span;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Claims due deliveries and hands them to the endpoint lanes. A claim takes rows with {@code FOR UPDATE SKIP
 * LOCKED} and leases them in the same committed statement, before any HTTP call, so several dispatcher replicas
 * share the work and a crashed one's leases simply expire. It skips endpoints whose lane is full and takes at most
 * one lane's worth per endpoint, so a hanging endpoint cannot crowd out the rest; claiming goes on while slots are
 * free. Woken by the intake when it enqueued deliveries, by {@code LISTEN slotwise_deliveries} (an endpoint resumed, a
 * delivery replayed or recovered), by the lanes when room opens while work was left for want of it, and by a polling
 * backstop for retries that fall due.
 *
 * <p>A claim reads the endpoints with pending deliveries (one index probe each) and, for each endpoint whose lane
 * has room, its oldest due deliveries up to a lane's worth, in index order. So it reads rows in proportion to the
 * endpoints and the batch, never to the backlog: a saturated endpoint's backlog is skipped, not scanned. See also
 * {@link #CLAIM_SETTINGS}.
 */
@ApplicationScoped
public class DeliveryWorker {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    static final String CLAIM = """
            with recursive me as (
                -- the claiming replica is alive, in the same statement that leases in its name
                insert into dispatcher_replicas as r (id) values ($5) on conflict (id) do update set seen_at = now()
            ), live as (
                select id from dispatcher_replicas where seen_at > now() - make_interval(secs => $6)
            ), pending_endpoint (endpoint_id) as (
                -- the endpoints with pending deliveries, one index probe each (a loose index scan)
                (select endpoint_id from deliveries where status = 'pending' order by endpoint_id limit 1)
                union all
                select (select d.endpoint_id from deliveries d
                         where d.status = 'pending' and d.endpoint_id > p.endpoint_id
                         order by d.endpoint_id limit 1)
                  from pending_endpoint p
                 where p.endpoint_id is not null
            ), candidate as (
                -- each tenant's due deliveries take turns: the first of every tenant, then the second, ...
                select d.id, d.endpoint_id, d.tenant_id, d.next_attempt_at, d.created_at,
                       row_number() over (partition by d.tenant_id order by d.next_attempt_at, d.created_at, d.id) as turn
                  from pending_endpoint p
                  cross join lateral (
                        select d.id, d.endpoint_id, d.tenant_id, d.next_attempt_at, d.created_at
                          from deliveries d
                         where d.endpoint_id = p.endpoint_id and d.status = 'pending'
                           and d.next_attempt_at <= now()
                           -- free: never leased, lease over, or leased by a replica that died or left
                           and (d.lease_until is null or d.lease_until < now()
                                or (d.leased_by <> $5 and d.leased_by not in (select id from live)))
                           and (d.event_type = 'ping'
                                or (select e.status = 'active' from webhook_endpoints e where e.id = d.endpoint_id))
                           and (not d.in_order or not exists (
                                select 1 from deliveries o
                                 where o.endpoint_id = d.endpoint_id and o.in_order and o.status = 'pending'
                                   and o.lease_until >= now()
                                   and (o.leased_by is null or o.leased_by = $5
                                        or o.leased_by in (select id from live))))
                         order by d.next_attempt_at
                         limit $4
                         for update skip locked) d
                 where p.endpoint_id is not null and p.endpoint_id <> all($3::text[])
            ), due as (
                -- no tenant beyond its room: what it has in flight on this replica counts against its share
                select c.id, c.endpoint_id, c.next_attempt_at, c.created_at
                  from candidate c
                  left join unnest($7::text[], $8::int[]) as busy (tenant_id, room) on busy.tenant_id = c.tenant_id
                 where c.turn <= coalesce(busy.room, $9)
                 order by c.turn, c.next_attempt_at
                 limit $1
            ), ranked as (
                select id, row_number() over (partition by endpoint_id order by next_attempt_at, created_at, id) as place
                  from due
            )
            update deliveries d set lease_until = now() + make_interval(secs => $2), leased_by = $5
              from ranked r, webhook_endpoints e
             where d.id = r.id and d.id = any(array(select id from ranked)) and e.id = d.endpoint_id
               and r.place <= case when d.in_order then 1 else $4 end
            returning d.id, d.endpoint_id, d.tenant_id, d.event_type, d.payload, d.attempt_count, d.in_order,
                      d.next_attempt_at, d.created_at, d.replay_of is null as original, d.trace_parent, e.url,
                      e.secret_ciphertext,
                      case when e.secret_rotated_at > now() - interval '24 hours'
                           then e.previous_secret_ciphertext end as previous_secret_ciphertext""";

    /** Hands back deliveries claimed but not started, when this replica stops: others may send them at once. */
    static final String RELEASE = """
            update deliveries set lease_until = null, leased_by = null
             where id = any($1) and leased_by = $2 and status = 'pending'""";

    /**
     * Settings of the connection that claims. Without sorting, the only plans for the claim's orders are indexes
     * read in order and stopped at their limits; with it, statistics taken while few deliveries were pending (the
     * usual case: most succeed at once) let the planner read every due delivery and sort them, once per claim, so
     * that draining a burst of n deliveries cost n².
     */
    static final Map<String, String> CLAIM_SETTINGS = Map.of("enable_sort", "off");

    private final Pool claims;
    private final WebhooksConfig config;
    private final DeliverySender sender;
    private final DeliveryRecorder recorder;
    private final DispatcherReplica replica;
    private final EndpointLanes lanes;
    private final DeliveryMetrics metrics;
    private final AttemptTracing tracing;
    private final NotifiedLoop loop;
    /** Due work was left unclaimed for want of room: when the lanes say room opened, claim again at once. */
    private volatile boolean deferred;
    /** This replica is stopping: it claims nothing more, and hands back a claim that was under way. */
    private volatile boolean stopping;

    public DeliveryWorker(Vertx vertx, WebhooksConfig config, DeliverySender sender, DeliveryRecorder recorder,
            DispatcherReplica replica, DeliveryMetrics metrics, AttemptTracing tracing,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String username,
            @ConfigProperty(name = "quarkus.datasource.password", defaultValue = "") String password) {
        PgConnectOptions connection = NotifiedLoop.connectOptions(url, username, password);
        CLAIM_SETTINGS.forEach(connection::addProperty);
        // one connection: the loop claims one batch at a time
        this.claims = Pool.newInstance(PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(1).setName("delivery-claims"))
                .connectingTo(connection)
                .using(vertx.getDelegate())
                .build());
        this.config = config;
        this.sender = sender;
        this.recorder = recorder;
        this.replica = replica;
        this.metrics = metrics;
        this.tracing = tracing;
        this.loop = new NotifiedLoop("delivery worker", vertx, NotifiedLoop.connectOptions(url, username, password),
                "slotwise_deliveries", config.pollInterval(), this::drain);
        this.lanes = new EndpointLanes(config.endpointConcurrency(), config.tenantConcurrency(), config.maxInFlight(),
                this::deliver, () -> {
                    if (deferred) {
                        loop.wake();
                    }
                });
    }

    void start(@Observes StartupEvent event) {
        loop.start();
    }

    /**
     * A clean stop (SIGTERM, a rollout) delays no delivery: claiming stops, what was claimed but not started is handed
     * back at once, the attempts under way finish (each within the timeout) and are recorded, and then this replica
     * leaves, so that nothing it held waits for a lease to run out.
     */
    /** Called by {@link GracefulStop}, after the intake has let go. */
    void stop() {
        stopping = true;
        loop.stop();
        loop.awaitIdle(Duration.ofSeconds(5)); // a claim under way hands its batch back itself
        List<Due> unsent = lanes.stop();
        Duration grace = config.timeout().plusSeconds(2);
        try {
            handBack(unsent).await().atMost(Duration.ofSeconds(5));
            if (!lanes.awaitIdle(grace)) {
                LOG.warnf("stopping with deliveries still being sent after %s; they go out again once this replica"
                        + " is gone", grace);
            }
            replica.leave().await().atMost(Duration.ofSeconds(5));
            LOG.infof("stopped: handed back %d unsent deliveries", unsent.size());
        } catch (RuntimeException e) {
            LOG.warnf("stopping: could not hand back this replica's deliveries (%s); they go out again within %s",
                    e.getMessage(), config.replicaTimeout());
        } finally {
            claims.closeAndForget();
        }
    }

    /** Claims now (deliveries were enqueued), or once more right after the claim in progress. */
    public void wake() {
        loop.wake();
    }

    /** Claims while there are free slots and due deliveries; stops as soon as a claim shows nothing more is due. */
    private Uni<Void> drain() {
        int free = Math.min(config.batchSize(), config.maxInFlight() - lanes.size());
        if (stopping) {
            return Uni.createFrom().voidItem();
        }
        if (free <= 0) {
            deferred = true;
            return Uni.createFrom().voidItem();
        }
        EndpointLanes.Room room = lanes.room();
        return claim(free, room).chain(batch -> {
            if (stopping) {
                return handBack(batch); // claimed while the stop began: never into lanes that start nothing more
            }
            if (batch.isEmpty()) {
                deferred = room.limited();
                return Uni.createFrom().voidItem();
            }
            lanes.add(batch);
            if (batch.size() == free || tookALanesWorth(batch)) {
                return drain(); // more may be due
            }
            // all that was due is claimed, but for lanes or tenants that were or now are full: they ask when they drain
            deferred = room.limited() || lanes.room().limited();
            return Uni.createFrom().voidItem();
        });
    }

    private Uni<Void> handBack(List<Due> batch) {
        return batch.isEmpty() ? Uni.createFrom().voidItem()
                : claims.preparedQuery(RELEASE).execute(Tuple.of(batch.stream().map(Due::id).toArray(UUID[]::new),
                        replica.id())).replaceWithVoid();
    }

    /** Some endpoint got as many as a claim takes for one endpoint, so it may have more due. */
    private boolean tookALanesWorth(List<Due> batch) {
        Map<String, Integer> perEndpoint = new HashMap<>();
        for (Due due : batch) {
            if (perEndpoint.merge(due.endpointId(), 1, Integer::sum) >= config.endpointConcurrency()) {
                return true;
            }
        }
        return false;
    }

    private Uni<List<Due>> claim(int limit, EndpointLanes.Room room) {
        return claims.preparedQuery(CLAIM)
                .execute(Tuple.tuple().addInteger(limit).addDouble((double) config.lease().toSeconds())
                        .addArrayOfString(room.saturatedEndpoints()).addInteger(config.endpointConcurrency())
                        .addUUID(replica.id()).addDouble(config.replicaTimeout().toMillis() / 1000.0)
                        .addArrayOfString(room.busyTenants()).addArrayOfInteger(room.tenantRoom())
                        .addInteger(config.tenantConcurrency()))
                .map(rows -> {
                    List<Due> due = new ArrayList<>();
                    for (Row row : rows) {
                        Buffer previous = row.getBuffer("previous_secret_ciphertext");
                        due.add(new Due(row.getUUID("id"), row.getString("endpoint_id"), row.getString("tenant_id"),
                                row.getString("event_type"), row.getString("payload"), row.getInteger("attempt_count"),
                                row.getString("url"), row.getBuffer("secret_ciphertext").getBytes(),
                                previous == null ? null : previous.getBytes(), row.getBoolean("in_order"),
                                row.getOffsetDateTime("next_attempt_at"), row.getOffsetDateTime("created_at"),
                                row.getBoolean("original"), row.getString("trace_parent")));
                    }
                    due.sort(Due.SENDING_ORDER);
                    return due;
                });
    }

    /**
     * One attempt, recorded; {@code true} when it paused the endpoint. Never fails. The endpoint's lane is free
     * again as soon as the attempt is over: writing outcomes must not cap how fast one endpoint is sent to.
     */
    private Uni<Boolean> deliver(Due due, Runnable sent) {
        Instant started = Instant.now();
        long startedNanos = System.nanoTime();
        Span span = tracing.start(due);
        return sender.send(due)
                .map(status -> new Outcome(status, null))
                .onFailure().recoverWithItem(failure -> new Outcome(null, describe(failure)))
                .invoke(outcome -> tracing.end(span, outcome.status(), outcome.error()))
                .invoke(sent)
                .chain(outcome -> recordThroughOutages(due, started, (System.nanoTime() - startedNanos) / 1_000_000,
                        outcome)
                        .invoke(failedForGood -> metrics.attempted(due, outcome.status(), outcome.error(), failedForGood)))
                .onFailure().recoverWithItem(failure -> {
                    LOG.errorf(failure, "recording delivery %s failed; it is sent again when its lease expires",
                            due.id());
                    return false;
                });
    }

    /**
     * An attempt's outcome is kept through a database outage (retried, backing off to 2 s, while the lease lasts), so
     * that the delivery is not sent again when the database is back: it was attempted, and its lease still says so.
     */
    private Uni<Boolean> recordThroughOutages(Due due, Instant started, long durationMs, Outcome outcome) {
        return Uni.createFrom().deferred(() -> recorder.record(due, started, durationMs, outcome.status(), outcome.error()))
                .onFailure(failure -> !ConsumerRetry.canNeverPass(failure))
                .retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(2)).expireIn(config.lease().toMillis());
    }

    private static String describe(Throwable failure) {
        if (failure instanceof DeliveryTimeout || failure.getClass().getSimpleName().contains("Timeout")) {
            return "timeout";
        }
        if (failure instanceof DestinationRefused) {
            return "destination_refused";
        }
        String name = failure.getClass().getSimpleName();
        return name.isEmpty() ? "connection_error" : name;
    }

    private record Outcome(Integer status, String error) {
    }
}
