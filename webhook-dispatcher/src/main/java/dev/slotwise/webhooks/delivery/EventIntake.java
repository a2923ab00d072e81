package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.ConsumerRetry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Consumes every domain event and enqueues one delivery per subscribed endpoint of the event's tenant; a
 * customer.deleted also erases the customer's personal data from the payloads stored before ({@link CustomerErasure}). The channel
 * hands over what one poll of the broker returned (up to 500 records) and all of it is enqueued in one statement and
 * one commit: under load the intake costs a commit per batch, not per event (one commit per event capped it near
 * 45 events/s when the disk's WAL flushes were slow, while the API accepted 200 writes/s).
 * <p>
 * {@code ON CONFLICT (event_id, endpoint_id) DO NOTHING} makes a redelivered record harmless, and the batch is
 * acknowledged (its offsets committed) only after the insert: enqueueing is exactly-once. Deliveries for a paused
 * endpoint are stored as {@code held}. Each keeps the trace context of its record's intake span (which the connector
 * starts from the record's headers, so it continues the trace of the request that caused the event). When it
 * enqueued something it wakes the delivery worker of this process (no NOTIFY: see V7).
 * <p>
 * A record that is not an event goes to the dead-letter topic on its own, the others of its batch are enqueued. When
 * the batch's statement fails on the data itself, each event is enqueued on its own ({@link ConsumerRetry}), so only
 * the one that can never be applied is dead-lettered.
 */
@ApplicationScoped
public class EventIntake {

    private static final Logger LOG = Logger.getLogger(EventIntake.class);

    /**
     * One row per event and subscribed endpoint. An event's position in the batch orders the deliveries of one
     * endpoint as the events arrived (the worker sends by {@code next_attempt_at, created_at}): {@code created_at}
     * is the transaction's time plus one microsecond per place.
     */
    static final String ENQUEUE = """
            insert into deliveries (id, event_id, endpoint_id, tenant_id, event_type, payload, status, next_attempt_at,
                                    created_at, trace_parent)
            select gen_random_uuid(), r.event_id, e.id, e.tenant_id, r.event_type, r.payload,
                   case when e.status = 'active' then 'pending' else 'held' end, now(),
                   now() + (r.place - 1) * interval '1 microsecond', r.trace_parent
              from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
                   with ordinality as r(event_id, event_type, payload, tenant_id, trace_parent, place)
              join webhook_endpoints e on e.tenant_id = r.tenant_id and r.event_type = any (e.events)
            on conflict (event_id, endpoint_id) where replay_of is null do nothing""";

    private final Pool pool;
    private final ObjectMapper json;
    private final DeliveryWorker worker;
    /** Batches being enqueued now, and when the last one finished (System.nanoTime). */
    private final AtomicInteger inProgress = new AtomicInteger();
    private volatile long lastFinished = System.nanoTime();

    public EventIntake(Pool pool, ObjectMapper json, DeliveryWorker worker) {
        this.pool = pool;
        this.json = json;
        this.worker = worker;
    }

    @Incoming("events")
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        inProgress.incrementAndGet();
        return enqueueBatch(batch).onTermination().invoke(() -> {
            lastFinished = System.nanoTime();
            inProgress.decrementAndGet();
        });
    }

    /**
     * Waits (blocking) until no batch has been under way for {@code quiet}, at most {@code atMost}: once the consumer is
     * paused, what it had fetched is enqueued while the database is still there.
     */
    boolean awaitIdle(Duration quiet, Duration atMost) {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (System.nanoTime() < deadline) {
            if (inProgress.get() == 0 && System.nanoTime() - lastFinished >= quiet.toNanos()) {
                return true;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private Uni<Void> enqueueBatch(KafkaRecordBatch<String, String> batch) {
        List<IncomingEvent> events = new ArrayList<>(batch.getRecords().size());
        List<Uni<Void>> deadLettered = new ArrayList<>();
        for (KafkaRecord<String, String> record : batch) {
            try {
                events.add(IncomingEvent.of(json, record));
            } catch (RuntimeException notAnEvent) {
                LOG.errorf("a record of %s-%d is not an event (%s); it goes to the dead-letter topic",
                        record.getTopic(), record.getPartition(), notAnEvent.getMessage());
                deadLettered.add(Uni.createFrom().completionStage(() -> record.nack(notAnEvent)));
            }
        }
        Uni<Void> enqueued = events.isEmpty() ? Uni.createFrom().voidItem() : enqueueAll(events);
        return enqueued
                .call(() -> deadLettered.isEmpty() ? Uni.createFrom().voidItem()
                        : Uni.join().all(deadLettered).andFailFast().replaceWithVoid())
                .chain(() -> Uni.createFrom().completionStage(batch::ack));
    }

    /** The whole batch in one statement, through outages; one by one when the statement fails on the data. */
    private Uni<Void> enqueueAll(List<IncomingEvent> events) {
        return ConsumerRetry.throughOutages(enqueue(events), LOG, "enqueueing " + events.size() + " events")
                .onFailure(ConsumerRetry::canNeverPass).recoverWithUni(failure -> {
                    LOG.warnf("enqueueing %d events together failed (%s); enqueueing them one by one", events.size(),
                            failure.toString());
                    return Multi.createFrom().iterable(events).onItem().transformToUniAndConcatenate(this::enqueueAlone)
                            .collect().last().replaceWithVoid();
                });
    }

    /**
     * One event on its own. An endpoint deleted while this runs fails the foreign key: run again, the statement no
     * longer sees it. A failure that persists sends the record to the dead-letter topic.
     */
    private Uni<Void> enqueueAlone(IncomingEvent event) {
        return ConsumerRetry.untilApplied(enqueue(List.of(event)), LOG, "enqueueing event " + event.id())
                .onFailure().recoverWithUni(failure -> Uni.createFrom().completionStage(() -> event.record().nack(failure)));
    }

    private Uni<Void> enqueue(List<IncomingEvent> events) {
        int size = events.size();
        String[] ids = new String[size];
        String[] types = new String[size];
        String[] payloads = new String[size];
        String[] tenants = new String[size];
        String[] traceParents = new String[size];
        for (int i = 0; i < size; i++) {
            IncomingEvent event = events.get(i);
            ids[i] = event.id();
            types[i] = event.type();
            payloads[i] = event.payload();
            tenants[i] = event.tenantId();
            traceParents[i] = event.traceParent();
        }
        // enqueued first, then erased: a customer.created and the customer.deleted after it in one batch end erased
        Tuple batch = Tuple.tuple().addArrayOfString(ids).addArrayOfString(types).addArrayOfString(payloads)
                .addArrayOfString(tenants).addArrayOfString(traceParents);
        Uni<RowSet<Row>> enqueued = CustomerErasure.concerns(events)
                ? pool.withTransaction(connection -> connection.preparedQuery(ENQUEUE).execute(batch)
                        .call(() -> CustomerErasure.apply(connection, events)))
                : pool.preparedQuery(ENQUEUE).execute(batch);
        return enqueued
                .invoke(rows -> {
                    if (rows.rowCount() > 0) {
                        worker.wake();
                    }
                })
                .replaceWithVoid();
    }
}
