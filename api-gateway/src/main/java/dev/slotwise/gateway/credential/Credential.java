package dev.slotwise.gateway.credential;

import java.time.Instant;
import java.util.Set;

/**
 * A verified bearer credential: who it is ({@code id}: an API key id, or for an OAuth access token the grant id), its
 * tenant and scopes, and when it stops being valid ({@code expiresAt}; null for API keys, which live until revoked).
 */
public record Credential(String id, String tenantId, Set<String> scopes, String timeZone, String plan,
        Integer rateLimitPerHour, Instant expiresAt) {

    public boolean allows(String scope) {
        return scopes.contains(scope);
    }

    public boolean expiredAt(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }
}
