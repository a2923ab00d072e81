package dev.slotwise.commons.event;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A domain event as it travels on Kafka (CONTRACT §7): {@code {"id":"evt_…","type":…,"tenantId":…,"createdAt":…,
 * "data":{…}}}. The webhook body is the same without {@code tenantId}.
 */
public record EventEnvelope(String id, String type, String tenantId, Instant createdAt, JsonNode data) {
}
