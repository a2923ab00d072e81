package dev.slotwise.gateway.oauth;

import java.time.Instant;
import java.util.List;

/** What a tenant's user approved for an application, for the panel's Apps page. */
public record Grant(String id, String clientId, String clientName, List<String> scopes, String approvedBy,
        Instant approvedAt) {
}
