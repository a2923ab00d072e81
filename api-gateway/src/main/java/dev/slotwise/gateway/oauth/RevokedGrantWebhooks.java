package dev.slotwise.gateway.oauth;

import dev.slotwise.commons.metrics.PolledFigures;
import dev.slotwise.commons.pg.NotifiedLoop;
import dev.slotwise.gateway.credential.Credential;
import dev.slotwise.gateway.webhooks.DispatcherClient;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Nobody keeps access they should lose: once a grant is revoked (the panel's "Revoke access", a revoked refresh token,
 * a reused code or refresh token, the operator disabling the application), the webhook endpoints that grant created
 * must stop receiving data at once. The revocation is the durable record ({@code oauth_grants.revoked_at}, set in the
 * revoking transaction); this loop tells the webhook-dispatcher about every revoked grant it has not acknowledged
 * ({@code POST /internal/v1/grants/{grantId}/revoked}, idempotent, with an internal token that speaks for that grant
 * in its tenant), and records the acknowledgement. A dispatcher that is down is told when it is back; a gateway that
 * restarts loses nothing.
 *
 * <p>Woken in this process right after a revocation committed ({@link #wake}), and every {@link #POLL} on every
 * replica for what another replica revoked and could not tell, and for retries. A replica takes a batch of grants with
 * {@code FOR UPDATE SKIP LOCKED} and leases them ({@code webhooks_notice_at}) in the same statement, before any HTTP
 * call, so replicas do not tell the dispatcher the same thing at once (if one dies, its lease runs out); a failed
 * notice is tried again after {@link #RETRY}. The gauge {@code slotwise_revoked_grants_webhooks_waiting_grants} says
 * how many revoked grants wait for the dispatcher's acknowledgement: it should be 0 but for moments.
 */
@ApplicationScoped
public class RevokedGrantWebhooks {

    private static final Logger LOG = Logger.getLogger(RevokedGrantWebhooks.class);
    static final Duration POLL = Duration.ofSeconds(2);
    static final Duration RETRY = Duration.ofSeconds(2);
    /** Longer than a call to the dispatcher may take. */
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final int BATCH = 20;
    private static final String TAKE = """
            with due as (
                select id from oauth_grants
                 where revoked_at is not null and webhooks_ended_at is null
                   and (webhooks_notice_at is null or webhooks_notice_at <= now())
                 order by webhooks_notice_at nulls first, id
                 limit $1
                 for update skip locked
            )
            update oauth_grants g set webhooks_notice_at = now() + $2::int * interval '1 second'
              from due, tenants t
             where g.id = due.id and t.id = g.tenant_id
            returning g.id, g.tenant_id, t.time_zone, t.plan, t.rate_limit_per_hour""";
    private static final String ENDED = """
            update oauth_grants set webhooks_ended_at = now(), webhooks_notice_at = null where id = $1""";
    private static final String TRY_AGAIN = """
            update oauth_grants set webhooks_notice_at = now() + $2::int * interval '1 second'
             where id = $1 and webhooks_ended_at is null""";

    private static final String WAITING = """
            select count(*) as waiting from oauth_grants where revoked_at is not null and webhooks_ended_at is null""";

    private final Pool pool;
    private final DispatcherClient dispatcher;
    private final PolledFigures figures;
    private final NotifiedLoop loop;
    private volatile long waiting;
    /** Whether the last notice failed: an outage is logged once when it starts and once when it is over. */
    private final AtomicBoolean failing = new AtomicBoolean();

    public RevokedGrantWebhooks(Pool pool, DispatcherClient dispatcher, Vertx vertx, PolledFigures figures,
            MeterRegistry registry) {
        this.pool = pool;
        this.dispatcher = dispatcher;
        this.figures = figures;
        this.loop = new NotifiedLoop("revoked grants' webhooks", vertx, POLL, this::drain);
        Gauge.builder("slotwise.revoked_grants.webhooks_waiting", this, notices -> notices.waiting).baseUnit("grants")
                .description("Revoked OAuth grants whose webhook endpoints the dispatcher has not yet acknowledged ending")
                .register(registry);
    }

    void start(@Observes StartupEvent started) {
        loop.start();
        figures.every("revoked grants waiting for the dispatcher", () -> pool.query(WAITING).execute()
                .invoke(rows -> waiting = rows.iterator().next().getLong("waiting"))
                .replaceWithVoid());
    }

    void stop(@Observes ShutdownEvent stopping) {
        loop.stop();
    }

    /** Tells the dispatcher now (or right after the run in progress) about grants revoked and not yet acknowledged. */
    public void wake() {
        loop.wake();
    }

    /** Batches until one is short or a notice failed (the dispatcher is likely away: the next poll tries again). */
    Uni<Void> drain() {
        return pool.preparedQuery(TAKE).execute(Tuple.of(BATCH, (int) LEASE.toSeconds())).chain(rows -> {
            List<Uni<Boolean>> notices = new ArrayList<>();
            rows.forEach(row -> notices.add(tell(row)));
            if (notices.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            return Uni.join().all(notices).andFailFast().chain(told -> told.stream().allMatch(ok -> ok)
                    && told.size() == BATCH ? drain() : Uni.createFrom().voidItem());
        });
    }

    private Uni<Boolean> tell(Row grant) {
        String grantId = grant.getString("id");
        Credential speaksForTheGrant = new Credential(grantId, grant.getString("tenant_id"), Set.of(),
                grant.getString("time_zone"), grant.getString("plan"), grant.getInteger("rate_limit_per_hour"), null);
        return dispatcher.send(speaksForTheGrant, HttpMethod.POST, "/internal/v1/grants/" + grantId + "/revoked", null)
                .chain(answer -> {
                    if (answer.ok()) {
                        if (failing.compareAndSet(true, false)) {
                            LOG.info("the webhook-dispatcher acknowledges revoked grants again");
                        }
                        LOG.infof("webhook endpoints of revoked grant %s ended (%d deleted)", grantId,
                                answer.body().path("endpointsDeleted").asInt());
                        return pool.preparedQuery(ENDED).execute(Tuple.of(grantId)).replaceWith(true);
                    }
                    if (failing.compareAndSet(false, true)) {
                        LOG.warnf("the webhook-dispatcher did not acknowledge revoked grant %s (%d %s); every revoked "
                                + "grant is retried every %d s until it does", grantId, answer.status(), answer.code(),
                                RETRY.toSeconds());
                    }
                    return pool.preparedQuery(TRY_AGAIN).execute(Tuple.of(grantId, (int) RETRY.toSeconds()))
                            .replaceWith(false);
                });
    }
}
