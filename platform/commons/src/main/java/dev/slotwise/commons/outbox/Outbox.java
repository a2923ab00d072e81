package dev.slotwise.commons.outbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.EventEnvelope;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.trace.TraceParents;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Records a domain event in the service's {@code outbox} table together with the change that caused it: the event
 * exists if and only if the change commits. Two ways: inside the caller's current Hibernate Reactive transaction
 * ({@link #record}), or in the very statement that makes the change ({@link #withEvent}, for the reactive client
 * itself: one statement, atomic without BEGIN and COMMIT, one round trip). {@link OutboxRelay} publishes it, as part
 * of the trace of the request that recorded it (the row keeps its {@code traceparent}), as soon as it is told that
 * events committed ({@link #committed}): after a {@link #withEvent} statement the caller says so; an HTTP request
 * whose transaction recorded events says so when its answer is written ({@link OutboxWakeUp}).
 */
@ApplicationScoped
public class Outbox {

    private static final String INSERT =
            "insert into outbox (event_id, message_key, payload, trace_parent)"
                    + " values (:eventId, :messageKey, :payload, cast(:traceParent as text))";

    /** Marks the request (its Vert.x context) that recorded events inside a transaction still to commit. */
    private static final String RECORDED = "slotwise.outbox.recorded";

    private final ObjectMapper json;
    /** The relay of this service; null where the service publishes no events. */
    private final OutboxRelay relay;

    public Outbox(ObjectMapper json, Instance<OutboxRelay> relay) {
        this.json = json;
        this.relay = relay.isResolvable() ? relay.get() : null;
    }

    /** Events committed: the relay publishes them now. */
    public void committed() {
        if (relay != null) {
            relay.wake();
        }
    }

    /** Wakes the relay when the current request recorded events ({@link #record}); its transaction has ended by now. */
    void committedIfRecorded() {
        Context context = Vertx.currentContext();
        if (context != null && context.removeLocal(RECORDED)) {
            committed();
        }
    }

    /**
     * One statement that makes a change and records its event: {@code change} inserts, updates or deletes exactly one
     * row of the aggregate, has no {@code RETURNING} and binds {@code $1} to {@code $changeParameters}; the event's
     * values follow them ({@link #appendEvent}). A change that fails (a unique index, a constraint) or touches no row
     * records no event.
     */
    public static String withEvent(String change, int changeParameters) {
        int next = changeParameters + 1;
        return "with change as (" + change + " returning 1)"
                + " insert into outbox (event_id, message_key, payload, trace_parent)"
                + " select $" + next + ", $" + (next + 1) + ", $" + (next + 2) + ", $" + (next + 3) + "::text from change";
    }

    /** Adds an event's values to the parameters of a {@link #withEvent} statement, and answers the event. */
    public EventEnvelope appendEvent(Tuple parameters, String type, String tenantId, String aggregateId, Object data) {
        EventEnvelope event = envelope(type, tenantId, data);
        parameters.addString(event.id()).addString(aggregateId).addString(serialise(event))
                .addString(TraceParents.current());
        return event;
    }

    /**
     * @param aggregateId the Kafka record key: events of one aggregate keep their order
     * @param data        the event's {@code data}, serialised as the API serialises resources
     */
    public Uni<EventEnvelope> record(String type, String tenantId, String aggregateId, Object data) {
        EventEnvelope event = envelope(type, tenantId, data);
        String payload = serialise(event);
        Context context = Vertx.currentContext();
        if (context != null) {
            context.putLocal(RECORDED, Boolean.TRUE);
        }
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(INSERT)
                        .setParameter("eventId", event.id())
                        .setParameter("messageKey", aggregateId)
                        .setParameter("payload", payload)
                        .setParameter("traceParent", TraceParents.current())
                        .executeUpdate())
                .replaceWith(event);
    }

    private EventEnvelope envelope(String type, String tenantId, Object data) {
        return new EventEnvelope(Ids.next("evt"), type, tenantId, Instant.now().truncatedTo(ChronoUnit.MILLIS),
                json.valueToTree(data));
    }

    private String serialise(EventEnvelope event) {
        try {
            return json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + event.type() + " cannot be serialised", e);
        }
    }
}
