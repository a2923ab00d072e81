package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.slotwise.commons.event.EventRecords;
import dev.slotwise.commons.trace.TraceParents;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;

/**
 * A domain event as the intake enqueues it: the envelope without {@code tenantId} (the webhook's body, CONTRACT §8),
 * its tenant, the {@code traceparent} of the intake span the connector started for its record, and the id of what
 * it is about ({@code data.id}, when it has one: customer.deleted names the customer to erase).
 */
record IncomingEvent(String id, String type, String payload, String tenantId, String traceParent,
                     String subjectId, KafkaRecord<String, String> record) {

    /** Throws when the record is not an event envelope: such a record can never be enqueued. */
    static IncomingEvent of(ObjectMapper json, KafkaRecord<String, String> record) {
        ObjectNode event = EventRecords.envelope(json, record.getPayload());
        String tenantId = event.remove("tenantId").asText();
        String traceParent = TracingMetadata.fromMessage(record)
                .map(tracing -> TraceParents.of(tracing.getCurrentContext())).orElse(null);
        return new IncomingEvent(event.get("id").asText(), event.get("type").asText(), event.toString(), tenantId,
                traceParent, event.path("data").path("id").asText(null), record);
    }
}
