package dev.slotwise.commons.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads a Kafka record as the event envelope of CONTRACT §7, for every consumer of domain topics. A record that is
 * not an envelope (not JSON, or without id, type and tenantId) can never become one: it fails at once, never
 * retried, and the channel sends it to the service's dead-letter topic ({@link ConsumerRetry}).
 */
public final class EventRecords {

    private EventRecords() {
    }

    public static ObjectNode envelope(ObjectMapper json, String record) {
        JsonNode parsed;
        try {
            parsed = record == null ? null : json.readTree(record);
        } catch (JsonProcessingException e) {
            throw new NotAnEvent("the record is not JSON");
        }
        if (parsed instanceof ObjectNode event && event.path("id").isTextual() && event.path("type").isTextual()
                && event.path("tenantId").isTextual()) {
            return event;
        }
        throw new NotAnEvent("the record is not a Slotwise event envelope (id, type and tenantId)");
    }

    /** A record that no consumer can ever apply. */
    public static final class NotAnEvent extends IllegalArgumentException {
        NotAnEvent(String message) {
            super(message);
        }
    }
}
