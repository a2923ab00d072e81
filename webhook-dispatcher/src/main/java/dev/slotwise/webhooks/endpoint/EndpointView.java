package dev.slotwise.webhooks.endpoint;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/** A webhook endpoint (CONTRACT §8); {@code secret} only in the answer to its creation. */
public record EndpointView(String id, String url, List<String> events, String description, String status,
        @JsonInclude(JsonInclude.Include.NON_NULL) String secret, Instant createdAt, Instant updatedAt) {

    static EndpointView of(WebhookEndpoint endpoint, String secret) {
        return new EndpointView(endpoint.id, endpoint.url, List.of(endpoint.events), endpoint.description,
                endpoint.status, secret, endpoint.createdAt, endpoint.updatedAt);
    }
}
