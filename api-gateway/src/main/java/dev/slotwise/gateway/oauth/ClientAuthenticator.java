package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.id.ClientID;
import dev.slotwise.gateway.credential.BearerSecrets;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.MessageDigest;

/**
 * Who is calling the token, revocation or introspection endpoint: a confidential client by {@code client_secret_basic}
 * or {@code client_secret_post} (its secret's SHA-256 compared in constant time), a public client by {@code client_id}
 * alone. Anything else, and any client the operator has disabled, is {@code invalid_client}.
 */
@ApplicationScoped
public class ClientAuthenticator {

    private final RegisteredClients clients;

    public ClientAuthenticator(RegisteredClients clients) {
        this.clients = clients;
    }

    /**
     * @param authentication what the request authenticated with, or null
     * @param clientId the {@code client_id} parameter of a request without client authentication, or null
     */
    public Uni<RegisteredClient> authenticate(ClientAuthentication authentication, ClientID clientId) {
        if (authentication != null && !(authentication instanceof ClientSecretBasic)
                && !(authentication instanceof ClientSecretPost)) {
            return Uni.createFrom().failure(OAuthFailure.invalidClient(
                    "client authentication must be client_secret_basic or client_secret_post"));
        }
        ClientID claimed = authentication != null ? authentication.getClientID() : clientId;
        if (claimed == null) {
            return Uni.createFrom().failure(OAuthFailure.invalidClient("the client is not identified"));
        }
        return clients.find(claimed.getValue()).map(found -> {
            RegisteredClient client = found.orElseThrow(() -> OAuthFailure.invalidClient("client authentication failed"));
            if (client.disabled()) {
                throw OAuthFailure.invalidClient("the client is disabled");
            }
            if (client.confidential()) {
                if (authentication == null || !secretMatches(client, secretOf(authentication))) {
                    throw OAuthFailure.invalidClient("client authentication failed");
                }
            } else if (authentication != null) {
                throw OAuthFailure.invalidClient("a public client has no secret");
            }
            return client;
        });
    }

    private static String secretOf(ClientAuthentication authentication) {
        return authentication instanceof ClientSecretBasic basic ? basic.getClientSecret().getValue()
                : ((ClientSecretPost) authentication).getClientSecret().getValue();
    }

    private static boolean secretMatches(RegisteredClient client, String secret) {
        return client.secretHash() != null && secret != null
                && MessageDigest.isEqual(client.secretHash(), BearerSecrets.sha256(secret));
    }
}
