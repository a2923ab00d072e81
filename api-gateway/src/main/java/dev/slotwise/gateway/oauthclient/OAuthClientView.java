package dev.slotwise.gateway.oauthclient;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A registered client; {@code clientSecret} only in the answer to its creation, and only for a confidential one.
 * {@code disabled}: the operator has disabled it (CONTRACT §10).
 */
public record OAuthClientView(String clientId, String clientSecret, String name, List<String> redirectUris,
        List<String> scopes, boolean confidential, boolean disabled, Instant createdAt) {

    static OAuthClientView of(OAuthClient client, String secretShownOnce) {
        return new OAuthClientView(client.id, secretShownOnce, client.name, Arrays.asList(client.redirectUris.split(" ")),
                Arrays.asList(client.scopes.split(" ")), client.confidential, client.disabledAt != null,
                client.createdAt);
    }

    OAuthClientView disabled(boolean now) {
        return new OAuthClientView(clientId, clientSecret, name, redirectUris, scopes, confidential, now, createdAt);
    }
}
