package dev.slotwise.webhooks.delivery;

import dev.slotwise.webhooks.WebhooksConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;

/**
 * Records an attempt and what follows it, in one transaction: success; another attempt on the retry schedule; or,
 * after the last retry or a {@code 410 Gone}, a failed delivery and a paused endpoint whose pending deliveries are
 * held. A delivery held or deleted while it was in flight keeps that state.
 */
@ApplicationScoped
public class DeliveryRecorder {

    private static final String RECORD_ATTEMPT = """
            insert into delivery_attempts (delivery_id, at, response_status, duration_ms, error)
            select id, $2, $3, $4, $5 from deliveries where id = $1""";
    private static final String RECORD_OUTCOME = """
            update deliveries set status = $2, attempt_count = attempt_count + 1, next_attempt_at = $3,
                   lease_until = null, last_response_status = $4, last_error = $5
             where id = $1 and status = 'pending'""";
    /** Taken first by a pausing transaction, so two of them (or one and an API pause) never deadlock. */
    private static final String LOCK_ENDPOINT = """
            select id from webhook_endpoints where id = $1 for update""";
    private static final String PAUSE_ENDPOINT = """
            update webhook_endpoints set status = 'paused', updated_at = now() where id = $1 and status = 'active'""";
    private static final String HOLD_PENDING = """
            update deliveries set status = 'held', next_attempt_at = null, lease_until = null
             where endpoint_id = $1 and status = 'pending' and event_type <> 'ping' and id <> $2""";

    private final Pool pool;
    private final RetrySchedule schedule;

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
        return pool.withTransaction(connection -> (pause
                        ? connection.preparedQuery(LOCK_ENDPOINT).execute(Tuple.of(due.endpointId())).replaceWithVoid()
                        : Uni.createFrom().voidItem())
                        .chain(() -> connection.preparedQuery(RECORD_ATTEMPT)
                                .execute(Tuple.of(due.id(), utc(at), status, (int) durationMs, error)))
                        .chain(() -> connection.preparedQuery(RECORD_OUTCOME).execute(Tuple.from(Arrays.asList(
                                due.id(), outcome, next.map(DeliveryRecorder::utc).orElse(null), status, error))))
                        .chain(() -> !pause ? Uni.createFrom().voidItem()
                                : connection.preparedQuery(PAUSE_ENDPOINT).execute(Tuple.of(due.endpointId()))
                                        .chain(() -> connection.preparedQuery(HOLD_PENDING)
                                                .execute(Tuple.of(due.endpointId(), due.id())))
                                        .replaceWithVoid()))
                .replaceWith(pause);
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
