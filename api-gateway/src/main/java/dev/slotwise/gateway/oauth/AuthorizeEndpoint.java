package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.AuthorizationErrorResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.util.URLUtils;
import dev.slotwise.gateway.GatewayConfig;
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
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
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
import java.util.function.Function;

/**
 * {@code GET /oauth/authorize} and the two pages behind it: sign-in (e-mail and password) and consent (the application,
 * each requested scope, approve or deny), CONTRACT §9. The request is checked by {@link AuthorizationRequestCheck}:
 * until client and exact redirect URI are known good, every problem is an error page and never a redirect; from then
 * on, problems go back to the application as RFC 6749 §4.1.2.1 errors with {@code state} and {@code iss}.
 *
 * <p>Nothing is stored until a person has signed in: the sign-in form posts the request's parameters back (in its
 * action's query, checked again) with a token bound to a nonce in this browser's cookie ({@link SignInFormTokens}).
 * A successful sign-in stores the request ({@link AuthorizationRequests}) under a new random id in another cookie,
 * and the consent form carries that request's CSRF token. Both cookies are {@link AuthorizeCookies}.
 */
@Path("/oauth/authorize")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class AuthorizeEndpoint {

    private final AuthorizationRequestCheck check;
    private final SignInFormTokens formTokens;
    private final RegisteredClients clients;
    private final AuthorizationRequests requests;
    private final Grants grants;
    private final SignIn signIn;
    private final OAuthIssuer issuer;
    private final ClientAddress clientAddress;
    private final Template signInPage;
    private final Template consentPage;
    private final Template errorPage;

    public AuthorizeEndpoint(AuthorizationRequestCheck check, SignInFormTokens formTokens, RegisteredClients clients,
            AuthorizationRequests requests, Grants grants, SignIn signIn, OAuthIssuer issuer, GatewayConfig config,
            @Location("oauth/sign-in.html") Template signInPage, @Location("oauth/consent.html") Template consentPage,
            @Location("oauth/error.html") Template errorPage) {
        this.check = check;
        this.formTokens = formTokens;
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

    /** Checks the request and shows the sign-in form; stores nothing. */
    @GET
    public Uni<Response> authorize(@Context UriInfo uri) {
        return checked(uri, valid -> {
            String nonce = SignInFormTokens.newNonce();
            return Uni.createFrom().item(signInPage(200, uri, valid.client(), formTokens.issue(nonce), null, null,
                    cookie(uri, AuthorizeCookies.FORM, nonce)));
        });
    }

    @POST
    @Path("/sign-in")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signIn(@Context UriInfo uri, @Context HttpServerRequest http,
            @BeanParam AuthorizeCookies cookies, @FormParam("csrf_token") String token,
            @FormParam("email") String email, @FormParam("password") String password) {
        String nonce = cookies.form(issuer.https(uri));
        SignInFormTokens.Verdict verdict = formTokens.check(nonce, token);
        if (nonce == null || verdict == SignInFormTokens.Verdict.EXPIRED) {
            return Uni.createFrom().item(expired());
        }
        if (verdict == SignInFormTokens.Verdict.FORGED) {
            return Uni.createFrom().item(forged());
        }
        return checked(uri, valid -> signIn.attempt(email, password, clientAddress.of(http))
                .chain(outcome -> afterSignIn(uri, valid, token, email, outcome)));
    }

    private Uni<Response> afterSignIn(UriInfo uri, CheckedRequest.Valid request, String formToken, String email,
            SignInOutcome outcome) {
        if (outcome instanceof SignInOutcome.Verified verified) {
            return requests.signedIn(request, verified)
                    .map(id -> SecureHtml.seeOther(issuer.endpoint(uri, "/oauth/authorize/consent"),
                            cookie(uri, AuthorizeCookies.REQUEST, id)));
        }
        if (outcome instanceof SignInOutcome.Throttled throttled) {
            return Uni.createFrom().item(Response.fromResponse(signInPage(429, uri, request.client(), formToken, email,
                            throttled.message()))
                    .header("Retry-After", throttled.retryAfterSeconds()).build());
        }
        return Uni.createFrom().item(signInPage(200, uri, request.client(), formToken, email,
                "The email or password is incorrect."));
    }

    @GET
    @Path("/consent")
    public Uni<Response> consent(@Context UriInfo uri, @BeanParam AuthorizeCookies cookies) {
        return requests.find(cookies.request(issuer.https(uri))).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(expired());
            }
            PendingAuthorization pending = found.get();
            return clients.find(pending.clientId()).chain(client -> client.isEmpty() ? Uni.createFrom().item(expired())
                    : client.get().disabled() ? Uni.createFrom().item(unavailable(client.get()))
                    : consentPage(pending, client.get(), null));
        });
    }

    @POST
    @Path("/consent")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> decide(@Context UriInfo uri, @BeanParam AuthorizeCookies cookies,
            @FormParam("csrf_token") String csrfToken, @FormParam("decision") String decision,
            @FormParam("scope") List<String> chosenScopes, @FormParam("account") String account) {
        return pending(cookies.request(issuer.https(uri)), csrfToken, (pending, client) -> {
            URI redirectUri = URI.create(pending.redirectUri());
            State state = pending.state() == null ? null : new State(pending.state());
            if (!"approve".equals(decision)) {
                return requests.finish(pending).replaceWith(redirectError(uri, redirectUri,
                        OAuth2Error.ACCESS_DENIED.setDescription("the user denied the request"), state));
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
                    .map(approval -> {
                        if (approval instanceof Approval.Approved approved) {
                            return SecureHtml.seeOther(new AuthorizationSuccessResponse(redirectUri,
                                            new com.nimbusds.oauth2.sdk.AuthorizationCode(approved.code()), null, state,
                                            issuer.of(uri), ResponseMode.QUERY).toURI(),
                                    expiredCookies(uri));
                        }
                        return approval instanceof Approval.SignInEnded ? expired() : unavailable(client);
                    });
        });
    }

    private interface Step {
        Uni<Response> next(PendingAuthorization pending, RegisteredClient client);
    }

    /** The authorization request this browser signed in for, with its CSRF token checked, or the page that says why not. */
    private Uni<Response> pending(String cookie, String csrfToken, Step step) {
        return requests.find(cookie).chain(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(expired());
            }
            PendingAuthorization pending = found.get();
            if (csrfToken == null || !MessageDigest.isEqual(pending.csrfToken().getBytes(StandardCharsets.UTF_8),
                    csrfToken.getBytes(StandardCharsets.UTF_8))) {
                return Uni.createFrom().item(forged());
            }
            return clients.find(pending.clientId()).chain(client -> client.isEmpty() ? Uni.createFrom().item(expired())
                    : client.get().disabled() ? Uni.createFrom().item(unavailable(client.get()))
                    : step.next(pending, client.get()));
        });
    }

    /** The request in this URI's query, checked: the next step for a valid one, else its error page or redirect. */
    private Uni<Response> checked(UriInfo uri, Function<CheckedRequest.Valid, Uni<Response>> next) {
        return check.check(URLUtils.parseParameters(uri.getRequestUri().getRawQuery())).chain(checked -> {
            if (checked instanceof CheckedRequest.Valid valid) {
                return next.apply(valid);
            }
            if (checked instanceof CheckedRequest.Refused refused) {
                return Uni.createFrom().item(redirectError(uri, refused.redirectUri(), refused.error(),
                        refused.state()));
            }
            CheckedRequest.Unusable unusable = (CheckedRequest.Unusable) checked;
            return Uni.createFrom().item(error(400, unusable.heading(), unusable.message()));
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

    /** The sign-in form posts the authorization request's own query back, so that it is checked again there. */
    private Response signInPage(int status, UriInfo uri, RegisteredClient client, String formToken, String email,
            String message, NewCookie... cookies) {
        String html = signInPage.data("clientName", client.name())
                .data("signInAction", "/oauth/authorize/sign-in?" + uri.getRequestUri().getRawQuery())
                .data("csrfToken", formToken)
                .data("email", email)
                .data("message", message)
                .render();
        return SecureHtml.page(status, html, List.of(), cookies);
    }

    private Response redirectError(UriInfo uri, URI redirectUri, ErrorObject error, State state) {
        URI location = new AuthorizationErrorResponse(redirectUri, error, state, issuer.of(uri), ResponseMode.QUERY)
                .toURI();
        return SecureHtml.seeOther(location, expiredCookies(uri));
    }

    private Response expired() {
        return error(400, "This sign-in has expired",
                "Sign-in links last 10 minutes. Go back to the application and connect it again.");
    }

    private Response unavailable(RegisteredClient client) {
        CheckedRequest.Unusable page = AuthorizationRequestCheck.unavailable(client);
        return error(400, page.heading(), page.message());
    }

    private Response forged() {
        return error(403, "This form cannot be accepted",
                "The form was not sent from this sign-in page. Go back to the application and start again.");
    }

    private Response error(int status, String heading, String message) {
        return SecureHtml.page(status, errorPage.data("heading", heading).data("message", message).render());
    }

    /** One of {@link AuthorizeCookies}' cookies, under its name for this scheme; an empty value deletes it. */
    private NewCookie cookie(UriInfo uri, String cookie, String value) {
        boolean https = issuer.https(uri);
        return new NewCookie.Builder(AuthorizeCookies.name(cookie, https)).value(value).path(AuthorizeCookies.PATH)
                .httpOnly(true).secure(https).sameSite(NewCookie.SameSite.LAX).maxAge(value.isEmpty() ? 0 : 600)
                .build();
    }

    private NewCookie[] expiredCookies(UriInfo uri) {
        return new NewCookie[] {cookie(uri, AuthorizeCookies.REQUEST, ""), cookie(uri, AuthorizeCookies.FORM, "")};
    }
}
