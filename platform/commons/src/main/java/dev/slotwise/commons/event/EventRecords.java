package dev.slotwise.commons.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Reads a Kafka record as the event envelope of CONTRACT §7, for every consumer of domain topics. A record that is
 * not an envelope (not JSON, or without id, type and tenantId) is logged and skipped, never retried: it can never
 * become one.
 */
public final class EventRecords {

    private static final Logger LOG = Logger.getLogger(EventRecords.class);

    private EventRecords() {
    }

    public static Optional<ObjectNode> envelope(ObjectMapper json, String record) {
        try {
            JsonNode parsed = json.readTree(record);
            if (parsed instanceof ObjectNode event && event.hasNonNull("id") && event.hasNonNull("type")
                    && event.hasNonNull("tenantId")) {
                return Optional.of(event);
            }
            LOG.warn("skipping a record that is not a Slotwise event envelope");
        } catch (JsonProcessingException e) {
            LOG.warn("skipping a record that is not JSON");
        }
        return Optional.empty();
    }
}
