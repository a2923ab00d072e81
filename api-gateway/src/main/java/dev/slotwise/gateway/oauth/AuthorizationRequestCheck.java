package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import dev.slotwise.gateway.credential.Scopes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the parameters of {@code GET /oauth/authorize} (and of the sign-in that follows, which carries them again):
 * the client and its exact redirect URI before anything else, since until both are known good no problem may be
 * answered with a redirect; then response type, PKCE (S256 only) and scopes, whose problems go back to the
 * application (RFC 6749 §4.1.2.1). What it offers is the client's allowed scopes among those asked for.
 */
@ApplicationScoped
public class AuthorizationRequestCheck {

    private static final Pattern S256_CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final int MAX_STATE_LENGTH = 2048;

    private final RegisteredClients clients;

    public AuthorizationRequestCheck(RegisteredClients clients) {
        this.clients = clients;
    }

    public Uni<CheckedRequest> check(Map<String, List<String>> parameters) {
        List<String> clientIds = parameters.getOrDefault("client_id", List.of());
        List<String> redirectUris = parameters.getOrDefault("redirect_uri", List.of());
        if (clientIds.size() != 1) {
            return Uni.createFrom().item(new CheckedRequest.Unusable("This link cannot be used",
                    "The application did not say who it is (client_id)."));
        }
        return clients.find(clientIds.get(0)).map(found -> {
            if (found.isEmpty()) {
                return new CheckedRequest.Unusable("Unknown application",
                        "No application with this client_id is registered with Slotwise.");
            }
            RegisteredClient client = found.get();
            if (client.disabled()) {
                return unavailable(client);
            }
            if (redirectUris.size() != 1 || !client.redirectsTo(redirectUris.get(0))) {
                return new CheckedRequest.Unusable("This link cannot be used",
                        "The address " + client.name() + " asked to return to is not one it registered.");
            }
            return checked(client, URI.create(redirectUris.get(0)), parameters);
        });
    }

    /** Client and redirect URI are good: the rest of the request's problems are answered at the redirect URI. */
    private static CheckedRequest checked(RegisteredClient client, URI redirectUri, Map<String, List<String>> parameters) {
        State state = parameters.getOrDefault("state", List.of()).size() == 1
                ? new State(parameters.get("state").get(0)) : null;
        if (parameters.values().stream().anyMatch(values -> values.size() > 1)) {
            return refused(redirectUri, OAuth2Error.INVALID_REQUEST, "a parameter was repeated", state);
        }
        AuthorizationRequest request;
        try {
            request = AuthorizationRequest.parse(parameters);
        } catch (ParseException e) {
            ErrorObject error = e.getErrorObject() == null ? OAuth2Error.INVALID_REQUEST : e.getErrorObject();
            return refused(redirectUri, error, error.getDescription(), state);
        }
        if (!ResponseType.CODE.equals(request.getResponseType())) {
            return refused(redirectUri, OAuth2Error.UNSUPPORTED_RESPONSE_TYPE, "response_type must be code", state);
        }
        if (request.getRequestObject() != null || request.getRequestURI() != null) {
            return refused(redirectUri, OAuth2Error.REQUEST_NOT_SUPPORTED, "request objects are not supported", state);
        }
        if (state != null && state.getValue().length() > MAX_STATE_LENGTH) {
            return refused(redirectUri, OAuth2Error.INVALID_REQUEST, "state is too long", null);
        }
        if (request.getCodeChallenge() == null) {
            return refused(redirectUri, OAuth2Error.INVALID_REQUEST, "code_challenge is required (PKCE with S256)",
                    state);
        }
        if (!CodeChallengeMethod.S256.equals(request.getCodeChallengeMethod())) {
            return refused(redirectUri, OAuth2Error.INVALID_REQUEST, "code_challenge_method must be S256", state);
        }
        if (!S256_CHALLENGE.matcher(request.getCodeChallenge().getValue()).matches()) {
            return refused(redirectUri, OAuth2Error.INVALID_REQUEST,
                    "code_challenge must be the base64url SHA-256 of the code verifier", state);
        }
        List<String> asked = request.getScope() == null ? List.copyOf(client.scopes()) : request.getScope().toStringList();
        List<String> unknown = asked.stream().filter(scope -> !Scopes.known(scope)).toList();
        if (!unknown.isEmpty()) {
            return refused(redirectUri, OAuth2Error.INVALID_SCOPE, "unknown scope: " + String.join(" ", unknown), state);
        }
        // CONTRACT §9: granted scopes ⊆ the client's allowed scopes ∩ what the user approves
        List<String> offered = Scopes.ALL.stream().filter(asked::contains).filter(client.scopes()::contains).toList();
        if (offered.isEmpty()) {
            return refused(redirectUri, OAuth2Error.INVALID_SCOPE,
                    "none of the requested scopes is allowed for this application", state);
        }
        return new CheckedRequest.Valid(client, redirectUri, offered, state == null ? null : state.getValue(),
                request.getCodeChallenge().getValue());
    }

    /** The page for an application the operator has disabled (CONTRACT §10): an error page, never a redirect. */
    static CheckedRequest.Unusable unavailable(RegisteredClient client) {
        return new CheckedRequest.Unusable("This application is not available",
                "Slotwise has disabled " + client.name() + ". It cannot be connected to your account now.");
    }

    private static CheckedRequest refused(URI redirectUri, ErrorObject error, String description, State state) {
        return new CheckedRequest.Refused(redirectUri, error.setDescription(description), state);
    }
}
