package dev.slotwise.webhooks.delivery;

import org.jboss.logging.Logger;
import dev.slotwise.commons.event.ConsumerRetry;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.slotwise.commons.event.EventRecords;
import dev.slotwise.commons.trace.TraceParents;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes every domain event and enqueues one delivery per subscribed endpoint of the event's tenant, in one
 * statement. {@code ON CONFLICT (event_id, endpoint_id) DO NOTHING} makes a redelivered record harmless, and the
 * record is acknowledged (its offset committed) only after the insert: enqueueing is exactly-once. Deliveries for
 * a paused endpoint are stored as {@code held}. Each keeps the trace context of the record's intake span (which the
 * connector starts from the record's headers, so it continues the trace of the request that caused the event). When
 * it enqueued something it wakes the delivery worker of this process (no NOTIFY: see V7).
 */
@ApplicationScoped
public class EventIntake {

    private static final Logger LOG = Logger.getLogger(EventIntake.class);

    static final String ENQUEUE = """
            insert into deliveries (id, event_id, endpoint_id, tenant_id, event_type, payload, status, next_attempt_at,
                                    trace_parent)
            select gen_random_uuid(), $1, e.id, e.tenant_id, $2, $3,
                   case when e.status = 'active' then 'pending' else 'held' end, now(), $5
              from webhook_endpoints e
             where e.tenant_id = $4 and $2 = any (e.events)
            on conflict (event_id, endpoint_id) where replay_of is null do nothing""";

    private final Pool pool;
    private final ObjectMapper json;
    private final DeliveryWorker worker;

    public EventIntake(Pool pool, ObjectMapper json, DeliveryWorker worker) {
        this.pool = pool;
        this.json = json;
        this.worker = worker;
    }

    @Incoming("events")
    public Uni<Void> consume(String record) {
        ObjectNode event = EventRecords.envelope(json, record);
        String tenantId = event.remove("tenantId").asText();
        String body = event.toString();
        // an endpoint deleted while this runs fails the foreign key; run again, the statement no longer sees it
        return ConsumerRetry.untilApplied(pool.preparedQuery(ENQUEUE)
                .execute(Tuple.of(event.get("id").asText(), event.get("type").asText(), body, tenantId,
                        TraceParents.current()))
                .invoke(enqueued -> {
                    if (enqueued.rowCount() > 0) {
                        worker.wake();
                    }
                })
                .replaceWithVoid(), LOG, "enqueueing event " + event.get("id").asText());
    }
}
