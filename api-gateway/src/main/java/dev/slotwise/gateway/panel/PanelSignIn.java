package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.html.SecureHtml;
import dev.slotwise.gateway.proxy.ClientAddress;
import dev.slotwise.gateway.signin.SignIn;
import dev.slotwise.gateway.signin.SignInOutcome;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Signing in to the panel and out of it (CONTRACT §13). The sign-in form's CSRF token is a double-submit: a random
 * value in a {@code SameSite=Strict} cookie and the same in the form; over HTTPS that cookie is {@code __Host-}
 * prefixed (its path is free to be {@code /}), so no other host or plain-HTTP page can plant it. Sign-in itself is
 * {@link SignIn}: the same accounts, brakes and messages as the OAuth consent. Sign-out deletes the session on the
 * server.
 */
@Path("/panel")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class PanelSignIn {

    private static final String CSRF_COOKIE = "slotwise_panel_signin";
    private static final String SECURE_CSRF_COOKIE = "__Host-slotwise_panel_signin";
    private static final Map<String, String> NOTICES = Map.of(
            "signed-out", "You are signed out.",
            "signed-out-everywhere", "You are signed out everywhere: every session of yours has ended.");

    private final PanelPages pages;
    private final PanelSessions sessions;
    private final SignIn signIn;
    private final ClientAddress clientAddress;
    private final Template signInPage;

    public PanelSignIn(PanelPages pages, PanelSessions sessions, SignIn signIn, GatewayConfig config,
            @Location("panel/sign-in.html") Template signInPage) {
        this.pages = pages;
        this.sessions = sessions;
        this.signIn = signIn;
        this.clientAddress = new ClientAddress(config.gateway().trustedProxies().orElse(List.of()));
        this.signInPage = signInPage;
    }

    @GET
    public Uni<Response> home(@BeanParam SessionCookie cookie) {
        return pages.signedIn(cookie, session -> Uni.createFrom().item(PanelPages.redirect("/panel/api-keys", null)));
    }

    @GET
    @Path("/sign-in")
    public Response signInForm(@Context UriInfo uri, @QueryParam("notice") String notice) {
        return form(uri, 200, null, notice == null ? null : NOTICES.get(notice), null);
    }

    @POST
    @Path("/sign-in")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signIn(@Context UriInfo uri, @Context HttpServerRequest http,
            @CookieParam(CSRF_COOKIE) String csrfCookie, @CookieParam(SECURE_CSRF_COOKIE) String secureCsrfCookie,
            @FormParam("csrf_token") String csrfToken, @FormParam("email") String email,
            @FormParam("password") String password) {
        String expected = pages.https(uri) ? secureCsrfCookie : csrfCookie;
        if (expected == null || !PanelPages.sameToken(expected, csrfToken)) {
            return Uni.createFrom().item(SecureHtml.page(403, signInPage.data("csrfToken", "")
                    .data("email", null).data("message", "This form cannot be accepted: open the sign-in page again.")
                    .data("notice", null).render()));
        }
        return signIn.attempt(email, password, clientAddress.of(http)).chain(outcome -> {
            if (outcome instanceof SignInOutcome.Verified verified) {
                return sessions.start(verified.accounts().get(0), verified.passwordReadAt())
                        .map(session -> SecureHtml.seeOther(URI.create("/panel/api-keys"),
                                pages.sessionCookie(uri, session), csrfCookie(uri, "")));
            }
            if (outcome instanceof SignInOutcome.Throttled throttled) {
                return Uni.createFrom().item(Response.fromResponse(form(uri, 429, email, null, throttled.message()))
                        .header("Retry-After", throttled.retryAfterSeconds()).build());
            }
            return Uni.createFrom().item(form(uri, 200, email, null, "The email or password is incorrect."));
        });
    }

    @POST
    @Path("/sign-out")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signOut(@Context UriInfo uri, @BeanParam SessionCookie cookie,
            @FormParam("csrf_token") String csrfToken) {
        return pages.posted(cookie, csrfToken, session -> sessions.end(session)
                .map(ended -> pages.signedOut(uri, "signed-out")));
    }

    private Response form(UriInfo uri, int status, String email, String notice, String message) {
        String csrf = PanelSessions.randomToken();
        String html = signInPage.data("csrfToken", csrf).data("email", email).data("message", message)
                .data("notice", notice).render();
        return SecureHtml.page(status, html, List.of(), csrfCookie(uri, csrf));
    }

    private NewCookie csrfCookie(UriInfo uri, String value) {
        boolean https = pages.https(uri);
        return new NewCookie.Builder(https ? SECURE_CSRF_COOKIE : CSRF_COOKIE).value(value)
                .path(https ? "/" : "/panel/sign-in").httpOnly(true).secure(https)
                .sameSite(NewCookie.SameSite.STRICT).maxAge(value.isEmpty() ? 0 : 3600).build();
    }
}
