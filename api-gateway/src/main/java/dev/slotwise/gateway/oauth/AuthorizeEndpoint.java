package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.AuthorizationErrorResponse;
import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.util.URLUtils;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.html.SecureHtml;
import dev.slotwise.gateway.proxy.ClientAddress;
import dev.slotwise.gateway.signin.SignIn;
import dev.slotwise.gateway.signin.SignInAccount;
import dev.slotwise.gateway.signin.SignInOutcome;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code GET /oauth/authorize} and the two pages behind it: sign-in (e-mail and password) and consent (the application,
 * each requested scope, approve or deny), CONTRACT §9. The client and its exact redirect URI are checked before
 * anything else; until both are known good, every problem is an error page and never a redirect. From then on,
 * problems go back to the application as RFC 6749 §4.1.2.1 errors with {@code state} and {@code iss}. Both forms carry
 * a CSRF token bound to the authorization request in the browser's cookie.
 */
@Path("/oauth/authorize")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class AuthorizeEndpoint {

    static final String COOKIE = "slotwise_authorize";
    private static final String COOKIE_PATH = "/oauth/authorize";
    private static final Pattern S256_CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final int MAX_STATE_LENGTH = 2048;

    private final RegisteredClients clients;
    private final AuthorizationRequests requests;
    private final Grants grants;
    private final SignIn signIn;
    private final OAuthIssuer issuer;
    private final ClientAddress clientAddress;
    private final Template signInPage;
    private final Template consentPage;
    private final Template errorPage;

    public AuthorizeEndpoint(RegisteredClients clients, AuthorizationRequests requests, Grants grants, SignIn signIn,
            OAuthIssuer issuer, GatewayConfig config, @Location("oauth/sign-in.html") Template signInPage,
            @Location("oauth/consent.html") Template consentPage, @Location("oauth/error.html") Template errorPage) {
        this.clients = clients;
        this.requests = requests;
        this.grants = grants;
        this.signIn = signIn;
        this.issuer = issuer;
        this.clientAddress = new ClientAddress(config.gateway().trustedProxies().orElse(List.of()));
        this.signInPage = signInPage;
        this.consentPage = consentPage;
        this.errorPage = errorPage;
    }

    @GET
    public Uni<Response> authorize(@Context UriInfo uri) {
        Map<String, List<String>> parameters = URLUtils.parseParameters(uri.getRequestUri().getRawQuery());
        List<String> clientIds = parameters.getOrDefault("client_id", List.of());
        List<String> redirectUris = parameters.getOrDefault("redirect_uri", List.of());
        if (clientIds.size() != 1) {
            return Uni.createFrom().item(error(400, "This link cannot be used",
                    "The application did not say who it is (client_id)."));
        }
        return clients.find(clientIds.get(0)).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(error(400, "Unknown application",
                        "No application with this client_id is registered with Slotwise."));
            }
            RegisteredClient client = found.get();
            if (redirectUris.size() != 1 || !client.redirectsTo(redirectUris.get(0))) {
                return Uni.createFrom().item(error(400, "This link cannot be used",
                        "The address " + client.name() + " asked to return to is not one it registered."));
            }
            URI redirectUri = URI.create(redirectUris.get(0));
            return checked(uri, client, redirectUri, parameters);
        });
    }

    /** Client and redirect URI are good: the rest of the request's problems are answered at the redirect URI. */
    private Uni<Response> checked(UriInfo uri, RegisteredClient client, URI redirectUri,
            Map<String, List<String>> parameters) {
        State state = parameters.getOrDefault("state", List.of()).size() == 1
                ? new State(parameters.get("state").get(0)) : null;
        if (parameters.values().stream().anyMatch(values -> values.size() > 1)) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_REQUEST, "a parameter was repeated", state);
        }
        AuthorizationRequest request;
        try {
            request = AuthorizationRequest.parse(parameters);
        } catch (ParseException e) {
            ErrorObject error = e.getErrorObject() == null ? OAuth2Error.INVALID_REQUEST : e.getErrorObject();
            return redirectError(uri, redirectUri, error, error.getDescription(), state);
        }
        if (!ResponseType.CODE.equals(request.getResponseType())) {
            return redirectError(uri, redirectUri, OAuth2Error.UNSUPPORTED_RESPONSE_TYPE,
                    "response_type must be code", state);
        }
        if (request.getRequestObject() != null || request.getRequestURI() != null) {
            return redirectError(uri, redirectUri, OAuth2Error.REQUEST_NOT_SUPPORTED,
                    "request objects are not supported", state);
        }
        if (state != null && state.getValue().length() > MAX_STATE_LENGTH) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_REQUEST, "state is too long", null);
        }
        if (request.getCodeChallenge() == null) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_REQUEST,
                    "code_challenge is required (PKCE with S256)", state);
        }
        if (!CodeChallengeMethod.S256.equals(request.getCodeChallengeMethod())) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_REQUEST, "code_challenge_method must be S256",
                    state);
        }
        if (!S256_CHALLENGE.matcher(request.getCodeChallenge().getValue()).matches()) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_REQUEST,
                    "code_challenge must be the base64url SHA-256 of the code verifier", state);
        }
        List<String> asked = request.getScope() == null ? List.copyOf(client.scopes()) : request.getScope().toStringList();
        List<String> unknown = asked.stream().filter(scope -> !Scopes.known(scope)).toList();
        if (!unknown.isEmpty()) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_SCOPE,
                    "unknown scope: " + String.join(" ", unknown), state);
        }
        // CONTRACT §9: granted scopes ⊆ the client's allowed scopes ∩ what the user approves
        List<String> offered = Scopes.ALL.stream().filter(asked::contains).filter(client.scopes()::contains).toList();
        if (offered.isEmpty()) {
            return redirectError(uri, redirectUri, OAuth2Error.INVALID_SCOPE,
                    "none of the requested scopes is allowed for this application", state);
        }
        return requests.start(client.id(), redirectUri.toString(), offered, state == null ? null : state.getValue(),
                        request.getCodeChallenge().getValue())
                .map(started -> signInPage(200, client, started.csrfToken(), null, null, cookie(uri, started.cookieValue())));
    }

    @POST
    @Path("/sign-in")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signIn(@Context UriInfo uri, @Context HttpServerRequest http,
            @CookieParam(COOKIE) String cookie, @FormParam("csrf_token") String csrfToken,
            @FormParam("email") String email, @FormParam("password") String password) {
        return pending(cookie, csrfToken, (pending, client) -> signIn
                .attempt(email, password, clientAddress.of(http))
                .chain(outcome -> afterSignIn(uri, pending, client, email, outcome)));
    }

    private Uni<Response> afterSignIn(UriInfo uri, PendingAuthorization pending, RegisteredClient client, String email,
            SignInOutcome outcome) {
        if (outcome instanceof SignInOutcome.Verified verified) {
            return requests.signedIn(pending, verified.accounts())
                    .map(renewed -> SecureHtml.seeOther(issuer.endpoint(uri, "/oauth/authorize/consent"),
                            cookie(uri, renewed)));
        }
        if (outcome instanceof SignInOutcome.Throttled throttled) {
            return Uni.createFrom().item(Response.fromResponse(signInPage(429, client, pending.csrfToken(), email,
                            "Too many failed sign-ins. Try again in " + minutes(throttled.retryAfterSeconds()) + "."))
                    .header("Retry-After", throttled.retryAfterSeconds()).build());
        }
        return Uni.createFrom().item(signInPage(200, client, pending.csrfToken(), email,
                "The email or password is incorrect."));
    }

    @GET
    @Path("/consent")
    public Uni<Response> consent(@CookieParam(COOKIE) String cookie) {
        return requests.find(cookie).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(expired());
            }
            PendingAuthorization pending = found.get();
            return clients.find(pending.clientId()).chain(client -> client.isEmpty() ? Uni.createFrom().item(expired())
                    : pending.signedIn() ? consentPage(pending, client.get(), null)
                    : Uni.createFrom().item(signInPage(200, client.get(), pending.csrfToken(), null, null)));
        });
    }

    @POST
    @Path("/consent")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> decide(@Context UriInfo uri, @CookieParam(COOKIE) String cookie,
            @FormParam("csrf_token") String csrfToken, @FormParam("decision") String decision,
            @FormParam("scope") List<String> chosenScopes, @FormParam("account") String account) {
        return pending(cookie, csrfToken, (pending, client) -> {
            if (!pending.signedIn()) {
                return Uni.createFrom().item(signInPage(200, client, pending.csrfToken(), null, null));
            }
            URI redirectUri = URI.create(pending.redirectUri());
            State state = pending.state() == null ? null : new State(pending.state());
            if (!"approve".equals(decision)) {
                return requests.finish(pending).chain(() -> redirectError(uri, redirectUri, OAuth2Error.ACCESS_DENIED,
                        "the user denied the request", state));
            }
            String userId = account == null || account.isBlank() ? pending.userId() : account;
            if (!pending.accountIds().contains(userId)) {
                return consentPage(pending, client, "Choose one of the businesses listed.");
            }
            List<String> scopes = pending.scopes().stream()
                    .filter(scope -> chosenScopes != null && chosenScopes.contains(scope)).toList();
            if (scopes.isEmpty()) {
                return consentPage(pending, client, "Choose at least one permission, or deny.");
            }
            return requests.accounts(pending)
                    .map(accounts -> accounts.stream().filter(a -> a.userId().equals(userId)).findFirst().orElseThrow())
                    .chain(chosen -> grants.approve(pending, chosen, scopes))
                    .call(() -> requests.finish(pending))
                    .map(code -> SecureHtml.seeOther(new AuthorizationSuccessResponse(redirectUri,
                                    new com.nimbusds.oauth2.sdk.AuthorizationCode(code), null, state, issuer.of(uri),
                                    ResponseMode.QUERY).toURI(),
                            expiredCookie(uri)));
        });
    }

    private interface Step {
        Uni<Response> next(PendingAuthorization pending, RegisteredClient client);
    }

    /** The authorization request of this browser, with its CSRF token checked, or the page that says why not. */
    private Uni<Response> pending(String cookie, String csrfToken, Step step) {
        return requests.find(cookie).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(expired());
            }
            PendingAuthorization pending = found.get();
            if (csrfToken == null || !MessageDigest.isEqual(pending.csrfToken().getBytes(StandardCharsets.UTF_8),
                    csrfToken.getBytes(StandardCharsets.UTF_8))) {
                return Uni.createFrom().item(error(403, "This form cannot be accepted",
                        "The form was not sent from this sign-in page. Go back to the application and start again."));
            }
            return clients.find(pending.clientId()).chain(client -> client.isEmpty() ? Uni.createFrom().item(expired())
                    : step.next(pending, client.get()));
        });
    }

    private Uni<Response> consentPage(PendingAuthorization pending, RegisteredClient client, String message) {
        return requests.accounts(pending).map(accounts -> {
            SignInAccount selected = accounts.stream().filter(a -> a.userId().equals(pending.userId())).findFirst()
                    .orElse(accounts.get(0));
            String html = consentPage.data("clientName", client.name())
                    .data("email", selected.email())
                    .data("accounts", accounts)
                    .data("selectedUserId", selected.userId())
                    .data("scopes", pending.scopes().stream().map(ScopeChoice::of).toList())
                    .data("csrfToken", pending.csrfToken())
                    .data("message", message)
                    .render();
            // the approve and deny buttons end in a redirect to the application: form-action must allow its origin
            return SecureHtml.page(200, html, List.of(SecureHtml.origin(URI.create(pending.redirectUri()))));
        });
    }

    private Response signInPage(int status, RegisteredClient client, String csrfToken, String email, String message,
            NewCookie... cookies) {
        String html = signInPage.data("clientName", client.name())
                .data("csrfToken", csrfToken)
                .data("email", email)
                .data("message", message)
                .render();
        return SecureHtml.page(status, html, List.of(), cookies);
    }

    private Uni<Response> redirectError(UriInfo uri, URI redirectUri, ErrorObject error, String description,
            State state) {
        URI location = new AuthorizationErrorResponse(redirectUri, error.setDescription(description), state,
                issuer.of(uri), ResponseMode.QUERY).toURI();
        return Uni.createFrom().item(SecureHtml.seeOther(location, expiredCookie(uri)));
    }

    private Response expired() {
        return error(400, "This sign-in has expired",
                "Sign-in links last 10 minutes. Go back to the application and connect it again.");
    }

    private Response error(int status, String heading, String message) {
        return SecureHtml.page(status, errorPage.data("heading", heading).data("message", message).render());
    }

    private NewCookie cookie(UriInfo uri, String value) {
        return new NewCookie.Builder(COOKIE).value(value).path(COOKIE_PATH).httpOnly(true)
                .secure(issuer.https(uri)).sameSite(NewCookie.SameSite.LAX).maxAge(600).build();
    }

    private NewCookie expiredCookie(UriInfo uri) {
        return new NewCookie.Builder(COOKIE).value("").path(COOKIE_PATH).httpOnly(true)
                .secure(issuer.https(uri)).sameSite(NewCookie.SameSite.LAX).maxAge(0).build();
    }

    private static String minutes(long seconds) {
        long minutes = (seconds + 59) / 60;
        return minutes <= 1 ? "a minute" : minutes + " minutes";
    }
}
