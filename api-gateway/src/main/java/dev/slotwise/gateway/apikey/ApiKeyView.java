package dev.slotwise.gateway.apikey;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** An API key as the operator API shows it; {@code key} only in the answer to its creation. */
public record ApiKeyView(String id, String name, List<String> scopes,
        @JsonInclude(JsonInclude.Include.NON_NULL) String key, Instant createdAt, Instant revokedAt,
        Instant lastUsedAt) {

    static ApiKeyView of(ApiKey key, String plainKey) {
        return new ApiKeyView(key.id, key.name, Arrays.asList(key.scopes.split(" ")), plainKey, key.createdAt,
                key.revokedAt, key.lastUsedAt);
    }
}
