package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.trace.TraceParents;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.endpoint.Caller;
import dev.slotwise.webhooks.endpoint.WebhookEndpoint;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * An endpoint's deliveries as its owner sees them (list by status, detail with attempts), and the two ways to make a
 * new one: ping (to this endpoint alone, in any status) and replay (a new delivery of an event already sent; 409
 * {@code endpoint_paused} while the endpoint is paused). Both are rows like any other, sent by the workers. Every one
 * of them first finds the endpoint as the caller may reach it (CONTRACT §8: an application only its own), in the
 * statement, so another's endpoint is 404 exactly like a missing one.
 */
@ApplicationScoped
public class DeliveryLog {

    private static final Set<String> STATUSES = Set.of("pending", "succeeded", "failed", "held");
    private static final String COLUMNS = """
            d.id, d.event_id, d.event_type, d.status, d.attempt_count, d.next_attempt_at, d.last_response_status,
            d.last_error, d.replay_of, d.created_at""";
    private static final String ENDPOINT = "select status from webhook_endpoints where " + WebhookEndpoint.REACHABLE_BY_ID;
    private static final String INSERT = """
            insert into deliveries (id, event_id, endpoint_id, tenant_id, event_type, payload, status, next_attempt_at, replay_of,
                                    trace_parent)
            values (gen_random_uuid(), $1, $2, $3, $4, $5, 'pending', now(), $6, $7) returning id""";

    private static final Duration RECOVERY_WINDOW = Duration.ofDays(7);
    private static final String RECOVER = """
            insert into deliveries (id, event_id, endpoint_id, tenant_id, event_type, payload, status, next_attempt_at, replay_of,
                                    trace_parent)
            select gen_random_uuid(), latest.event_id, latest.endpoint_id, latest.tenant_id, latest.event_type,
                   latest.payload, 'pending', now(), latest.id, $4
              from (select distinct on (event_id) id, event_id, endpoint_id, tenant_id, event_type, payload, status, created_at
                      from deliveries
                     where endpoint_id = $1 and created_at >= $2
                     order by event_id, created_at desc, id desc) latest
             where latest.status = 'failed' and latest.created_at < $3""";

    private final Pool pool;
    private final ObjectMapper json;

    public DeliveryLog(Pool pool, ObjectMapper json) {
        this.pool = pool;
        this.json = json;
    }

    Uni<Page<DeliveryView>> list(Caller caller, String endpointId, String status, int limit, String cursor) {
        if (status != null && !STATUSES.contains(status)) {
            throw ApiException.malformed("status must be one of pending, succeeded, failed, held");
        }
        Position after = cursor == null ? null : Position.decode(cursor);
        StringBuilder query = new StringBuilder("select " + COLUMNS + " from deliveries d where d.endpoint_id = $1");
        List<Object> parameters = new ArrayList<>(List.of(endpointId));
        if (status != null) {
            parameters.add(status);
            query.append(" and d.status = $").append(parameters.size());
        }
        if (after != null) {
            parameters.add(after.createdAt());
            parameters.add(after.id());
            query.append(" and (d.created_at, d.id) < ($").append(parameters.size() - 1).append(", $")
                    .append(parameters.size()).append(")");
        }
        query.append(" order by d.created_at desc, d.id desc limit ").append(limit + 1);
        return requireEndpoint(caller, endpointId)
                .chain(endpointStatus -> pool.preparedQuery(query.toString()).execute(Tuple.from(parameters)))
                .map(rows -> {
                    List<DeliveryView> found = new ArrayList<>();
                    List<Position> positions = new ArrayList<>();
                    for (Row row : rows) {
                        found.add(view(row));
                        positions.add(new Position(row.getOffsetDateTime("created_at"), row.getUUID("id")));
                    }
                    if (found.size() <= limit) {
                        return new Page<>(found, null);
                    }
                    return new Page<>(found.subList(0, limit), positions.get(limit - 1).encode());
                });
    }

    /** One delivery with its attempts, and its payload when the caller may read its event's family (else null). */
    Uni<DeliveryView.Detail> get(Caller caller, String endpointId, String deliveryId) {
        UUID id = uuid(deliveryId);
        return requireEndpoint(caller, endpointId)
                .chain(endpointStatus -> pool.preparedQuery("select " + COLUMNS + ", d.payload from deliveries d"
                        + " where d.endpoint_id = $1 and d.id = $2").execute(Tuple.of(endpointId, id)))
                .chain(rows -> {
                    if (!rows.iterator().hasNext()) {
                        return Uni.createFrom().failure(ApiException.notFound("delivery"));
                    }
                    Row delivery = rows.iterator().next();
                    return pool.preparedQuery("select at, response_status, duration_ms, error from delivery_attempts"
                                    + " where delivery_id = $1 order by id").execute(Tuple.of(id))
                            .map(attempts -> {
                                List<DeliveryView.Attempt> list = new ArrayList<>();
                                for (Row attempt : attempts) {
                                    list.add(new DeliveryView.Attempt(attempt.getOffsetDateTime("at").toInstant(),
                                            attempt.getInteger("response_status"), attempt.getInteger("duration_ms"),
                                            attempt.getString("error")));
                                }
                                DeliveryView view = view(delivery);
                                String payload = caller.mayRead(view.eventType()) ? delivery.getString("payload") : null;
                                return new DeliveryView.Detail(view, list, payload);
                            });
                });
    }

    /** A ping goes to this endpoint alone, subscribed to ping or not, active or paused. */
    Uni<Map<String, String>> ping(Caller caller, String endpointId) {
        return requireEndpoint(caller, endpointId).chain(status -> {
            String eventId = Ids.next("evt");
            ObjectNode event = json.createObjectNode()
                    .put("id", eventId)
                    .put("type", "ping")
                    .put("createdAt", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
            event.putObject("data").put("endpointId", endpointId).put("message", "ping");
            return insert(eventId, endpointId, caller.tenantId(), "ping", event.toString(), null);
        });
    }

    Uni<Map<String, String>> replay(Caller caller, String endpointId, String deliveryId) {
        UUID id = uuid(deliveryId);
        return requireEndpoint(caller, endpointId).chain(status -> {
            if ("paused".equals(status)) {
                throw ApiException.conflict("endpoint_paused", "the endpoint is paused; resume it before replaying");
            }
            return pool.preparedQuery("select event_id, event_type, payload from deliveries where endpoint_id = $1 and id = $2")
                    .execute(Tuple.of(endpointId, id))
                    .chain(rows -> {
                        if (!rows.iterator().hasNext()) {
                            return Uni.createFrom().failure(ApiException.notFound("delivery"));
                        }
                        Row original = rows.iterator().next();
                        return insert(original.getString("event_id"), endpointId, caller.tenantId(),
                                original.getString("event_type"), original.getString("payload"), id);
                    });
        });
    }

    /**
     * One new delivery for every event whose latest delivery to this endpoint failed and was created in
     * [since, until); answers how many were queued. The latest delivery of an event created since {@code since} is the
     * newest of its deliveries created since then, so only that part of the log is read.
     */
    Uni<Integer> recover(Caller caller, String endpointId, RecoverInput input) {
        Instant now = Instant.now();
        Instant until = input.until() == null ? now : input.until();
        if (input.since().isBefore(now.minus(RECOVERY_WINDOW))) {
            throw ApiException.invalid("since", "must be at most 7 days ago");
        }
        if (!until.isAfter(input.since())) {
            throw ApiException.invalid("until", "must be after since");
        }
        return requireEndpoint(caller, endpointId).chain(status -> {
            if ("paused".equals(status)) {
                throw ApiException.conflict("endpoint_paused", "the endpoint is paused; resume it before recovering");
            }
            return pool.preparedQuery(RECOVER).execute(Tuple.of(endpointId, input.since().atOffset(ZoneOffset.UTC),
                    until.atOffset(ZoneOffset.UTC), TraceParents.current())).map(rows -> rows.rowCount());
        });
    }

    private Uni<Map<String, String>> insert(String eventId, String endpointId, String tenantId, String type,
            String payload, UUID replayOf) {
        return pool.preparedQuery(INSERT)
                .execute(Tuple.from(java.util.Arrays.asList(eventId, endpointId, tenantId, type, payload, replayOf,
                        TraceParents.current())))
                .map(rows -> Map.of("deliveryId", rows.iterator().next().getUUID("id").toString()));
    }

    /** The endpoint's status, or 404 when the caller reaches no such endpoint. */
    private Uni<String> requireEndpoint(Caller caller, String endpointId) {
        Tuple key = Tuple.from(WebhookEndpoint.reachableById(caller, endpointId));
        return pool.preparedQuery(ENDPOINT).execute(key).map(rows -> {
            if (!rows.iterator().hasNext()) {
                throw ApiException.notFound("webhook endpoint");
            }
            return rows.iterator().next().getString("status");
        });
    }

    private static DeliveryView view(Row row) {
        OffsetDateTime next = row.getOffsetDateTime("next_attempt_at");
        UUID replayOf = row.getUUID("replay_of");
        return new DeliveryView(row.getUUID("id").toString(), row.getString("event_id"), row.getString("event_type"),
                row.getString("status"), row.getInteger("attempt_count"), next == null ? null : next.toInstant(),
                row.getInteger("last_response_status"), row.getString("last_error"),
                replayOf == null ? null : replayOf.toString(), row.getOffsetDateTime("created_at").toInstant());
    }

    private static UUID uuid(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException notAUuid) {
            throw ApiException.notFound("delivery");
        }
    }

    /** Where a page of deliveries ends: newest first by creation, then id. */
    private record Position(OffsetDateTime createdAt, UUID id) {

        String encode() {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(("d1:" + createdAt + "|" + id).getBytes(StandardCharsets.UTF_8));
        }

        static Position decode(String cursor) {
            try {
                String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
                if (text.startsWith("d1:")) {
                    String[] parts = text.substring(3).split("\\|", 2);
                    return new Position(OffsetDateTime.parse(parts[0]), UUID.fromString(parts[1]));
                }
            } catch (RuntimeException notOurs) {
                // answered below, like any other foreign cursor
            }
            throw ApiException.malformed("cursor is not a cursor of this list");
        }
    }
}
