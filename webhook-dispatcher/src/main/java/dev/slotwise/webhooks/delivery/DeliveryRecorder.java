package dev.slotwise.webhooks.delivery;

import dev.slotwise.webhooks.WebhooksConfig;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Records an attempt and what follows it, atomically: success; another attempt on the retry schedule; or,
 * after the last retry or a {@code 410 Gone}, a failed delivery and a paused endpoint whose pending deliveries are
 * held. A delivery deleted while it was in flight is left deleted; one held meanwhile stays held (and is sent on
 * resume) unless the attempt succeeded. Ordinary outcomes are written many at a time in one statement; a pausing one
 * in a transaction of its own that locks the endpoint first.
 */
@ApplicationScoped
public class DeliveryRecorder {

    /**
     * Attempts and the deliveries' new states, for many deliveries in one statement: one round trip, atomic without a
     * transaction. Outcomes that arrive while one is running go together in the next (group commit). Deliveries are
     * found by {@code id = any(array)}, an index lookup whatever the planner believes of the function's rows: a hash
     * join would scan the whole table, which keeps every delivery of the log, once per group.
     */
    static final String RECORD_MANY = """
            with outcome as (
                select * from jsonb_to_recordset($1::jsonb)
                    as o(id uuid, status text, next_at timestamptz, code int, error text, at timestamptz, ms int)
            ), updated as (
                -- the row lock taken here keeps the delivery from being deleted before this commits; one deleted
                -- already is not updated, so it gets no attempt (no foreign key failure for the whole group)
                update deliveries d
                   set status = case when d.status = 'pending' or o.status = 'succeeded' then o.status else d.status end,
                       next_attempt_at = case when d.status = 'pending' or o.status = 'succeeded'
                                              then o.next_at else d.next_attempt_at end,
                       lease_until = null, leased_by = null, attempt_count = d.attempt_count + 1,
                       last_response_status = o.code, last_error = o.error
                  from outcome o
                 where d.id = o.id and d.id = any(array(select id from outcome))
                returning d.id)
            insert into delivery_attempts (delivery_id, at, response_status, duration_ms, error)
            select o.id, o.at, o.code, o.ms, o.error from outcome o join updated u on u.id = o.id""";
    /** Taken first by a pausing transaction, so two of them (or one and an API pause) never deadlock. */
    private static final String LOCK_ENDPOINT = """
            select id from webhook_endpoints where id = $1 for update""";
    private static final String PAUSE_ENDPOINT = """
            update webhook_endpoints set status = 'paused', updated_at = now() where id = $1 and status = 'active'""";
    private static final String HOLD_PENDING = """
            update deliveries set status = 'held', next_attempt_at = null, lease_until = null, leased_by = null
             where endpoint_id = $1 and status = 'pending' and event_type <> 'ping' and id <> $2""";

    private final Pool pool;
    private final RetrySchedule schedule;
    private final List<Queued> queue = new ArrayList<>();
    private boolean writing;

    public DeliveryRecorder(Pool pool, WebhooksConfig config) {
        this.pool = pool;
        this.schedule = new RetrySchedule(config.retryDelays());
    }

    /** {@code true} when this attempt paused the endpoint. */
    Uni<Boolean> record(Due due, Instant at, long durationMs, Integer status, String failure) {
        boolean succeeded = status != null && status >= 200 && status < 300;
        boolean gone = status != null && status == 410;
        String error = succeeded ? null : failure != null ? failure : "HTTP " + status;
        Optional<Instant> next = succeeded || gone ? Optional.empty()
                : schedule.nextAttempt(due.attemptCount() + 1, Instant.now());
        String outcome = succeeded ? "succeeded" : next.isPresent() ? "pending" : "failed";
        boolean pause = !succeeded && next.isEmpty();
        JsonObject record = new JsonObject().put("id", due.id().toString()).put("status", outcome)
                .put("next_at", next.map(Instant::toString).orElse(null)).put("code", status).put("error", error)
                .put("at", at.toString()).put("ms", (int) durationMs);
        if (!pause) {
            return Uni.createFrom().emitter(emitter -> enqueue(new Queued(record, emitter)));
        }
        return pool.withTransaction(connection -> connection.preparedQuery(LOCK_ENDPOINT).execute(Tuple.of(due.endpointId()))
                        .chain(() -> connection.preparedQuery(RECORD_MANY).execute(Tuple.of(new JsonArray().add(record))))
                        .chain(() -> connection.preparedQuery(PAUSE_ENDPOINT).execute(Tuple.of(due.endpointId())))
                        .chain(() -> connection.preparedQuery(HOLD_PENDING).execute(Tuple.of(due.endpointId(), due.id()))))
                .replaceWith(pause);
    }

    private void enqueue(Queued outcome) {
        synchronized (queue) {
            queue.add(outcome);
            if (writing) {
                return;
            }
            writing = true;
        }
        writeQueued();
    }

    /** Writes what is queued in one statement, then whatever queued up meanwhile; stops when the queue is empty. */
    private void writeQueued() {
        List<Queued> batch;
        synchronized (queue) {
            batch = List.copyOf(queue);
            queue.clear();
            if (batch.isEmpty()) {
                writing = false;
                return;
            }
        }
        JsonArray outcomes = new JsonArray();
        batch.forEach(queued -> outcomes.add(queued.outcome()));
        pool.preparedQuery(RECORD_MANY).execute(Tuple.of(outcomes)).subscribe().with(
                written -> {
                    batch.forEach(queued -> queued.emitter().complete(false));
                    writeQueued();
                },
                failure -> {
                    if (batch.size() == 1) {
                        batch.get(0).emitter().fail(failure);
                    } else {
                        // a deadlock or one outcome that cannot be written must not take the others down with it
                        batch.forEach(this::writeAlone);
                    }
                    writeQueued();
                });
    }

    private void writeAlone(Queued queued) {
        pool.preparedQuery(RECORD_MANY).execute(Tuple.of(new JsonArray().add(queued.outcome()))).subscribe().with(
                written -> queued.emitter().complete(false), queued.emitter()::fail);
    }

    private record Queued(JsonObject outcome, UniEmitter<? super Boolean> emitter) {
    }
}
