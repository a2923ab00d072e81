package dev.slotwise.commons.outbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.EventEnvelope;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.trace.TraceParents;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Records a domain event in the service's {@code outbox} table, inside the caller's current Hibernate Reactive
 * transaction: the event exists if and only if the change that caused it commits. {@link OutboxRelay} publishes it,
 * as part of the trace of the request that recorded it (the row keeps its {@code traceparent}).
 */
@ApplicationScoped
public class Outbox {

    private static final String INSERT =
            "insert into outbox (event_id, message_key, payload, trace_parent)"
                    + " values (:eventId, :messageKey, :payload, cast(:traceParent as text))";

    private final ObjectMapper json;

    public Outbox(ObjectMapper json) {
        this.json = json;
    }

    /**
     * @param aggregateId the Kafka record key: events of one aggregate keep their order
     * @param data        the event's {@code data}, serialised as the API serialises resources
     */
    public Uni<EventEnvelope> record(String type, String tenantId, String aggregateId, Object data) {
        EventEnvelope event = new EventEnvelope(Ids.next("evt"), type, tenantId,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), json.valueToTree(data));
        String payload = serialise(event);
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(INSERT)
                        .setParameter("eventId", event.id())
                        .setParameter("messageKey", aggregateId)
                        .setParameter("payload", payload)
                        .setParameter("traceParent", TraceParents.current())
                        .executeUpdate())
                .replaceWith(event);
    }

    private String serialise(EventEnvelope event) {
        try {
            return json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + event.type() + " cannot be serialised", e);
        }
    }
}
