package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.id.State;
import java.net.URI;
import java.util.List;

/** What checking the parameters of an authorization request found (CONTRACT §9). */
sealed interface CheckedRequest {

    /** A request to show the person: the application, where to send them back, and what it may be given. */
    record Valid(RegisteredClient client, URI redirectUri, List<String> scopes, String state, String codeChallenge)
            implements CheckedRequest {
    }

    /** The client or its redirect URI is not known good: the browser is told so and sent nowhere. */
    record Unusable(String heading, String message) implements CheckedRequest {
    }

    /** The client and redirect URI are good, the rest is not: the error goes back to the application. */
    record Refused(URI redirectUri, ErrorObject error, State state) implements CheckedRequest {
    }
}
