package dev.slotwise.gateway.credential;

import java.util.Set;

/** A verified bearer credential: who it is ({@code id}, an API key id or grant id), its tenant and scopes. */
public record Credential(String id, String tenantId, Set<String> scopes, String timeZone, String plan,
        Integer rateLimitPerHour) {

    public boolean allows(String scope) {
        return scopes.contains(scope);
    }
}
