package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.html.SecureHtml;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What every panel page shares: the session from its cookie (no session: to the sign-in page), the CSRF check of
 * every form post (403, nothing changed), the layout's data (business, navigation, the notice after a redirect) and
 * the security headers. Notices travel in the URL as a fixed key, never as text: nothing a link carries is shown.
 */
@ApplicationScoped
public class PanelPages {

    static final String PATH = "/panel";
    private static final Map<String, String> NOTICES = Map.ofEntries(
            Map.entry("key-revoked", "The key was revoked. Requests with it are refused from now on."),
            Map.entry("ping-sent", "A test event is on its way."),
            Map.entry("paused", "The endpoint is paused: events are held until you resume it."),
            Map.entry("resumed", "The endpoint is active again; held events are being sent."),
            Map.entry("endpoint-deleted", "The endpoint was deleted."),
            Map.entry("replayed", "The delivery was queued again."),
            Map.entry("access-revoked", "Access was revoked. The application's tokens are refused from now on."),
            Map.entry("signed-out", "You are signed out."),
            Map.entry("password-changed", "Your password was changed. Every other session of yours was signed out."));
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final PanelSessions sessions;
    private final Template message;
    private final Optional<URI> publicUrl;

    public PanelPages(PanelSessions sessions, @Location("panel/message.html") Template message, GatewayConfig config) {
        this.sessions = sessions;
        this.message = message;
        this.publicUrl = config.gateway().publicUrl();
    }

    /** Runs the page for the signed-in user, or sends the browser to sign in. */
    public Uni<Response> signedIn(SessionCookie cookie, Function<PanelSession, Uni<Response>> page) {
        return sessions.find(cookie.value(https(cookie.uri))).chain(session -> session.isPresent()
                ? page.apply(session.get())
                : Uni.createFrom().item(SecureHtml.seeOther(URI.create(PATH + "/sign-in"))));
    }

    /** As {@link #signedIn}, for a form post: its CSRF token must be the session's. */
    public Uni<Response> posted(SessionCookie cookie, String csrfToken, Function<PanelSession, Uni<Response>> action) {
        return signedIn(cookie, session -> sameToken(session.csrfToken(), csrfToken) ? action.apply(session)
                : Uni.createFrom().item(message(403, "Not accepted",
                        "This form cannot be accepted: it was not sent from this page. Open the page again and retry.")));
    }

    /** The page in the panel's layout. */
    public Response render(TemplateInstance page, PanelSession session, String nav, String notice, String error) {
        return render(200, page, session, nav, notice, error);
    }

    public Response render(int status, TemplateInstance page, PanelSession session, String nav, String notice,
            String error) {
        String html = page.data("session", session).data("nav", nav)
                .data("notice", notice == null ? null : NOTICES.getOrDefault(notice, null))
                .data("error", error)
                .render();
        return SecureHtml.page(status, html);
    }

    public static Response redirect(String path, String notice) {
        return SecureHtml.seeOther(URI.create(notice == null ? path : path + (path.contains("?") ? "&" : "?")
                + "notice=" + notice));
    }

    /** Another tenant's id, or none at all: the same 404 (CONTRACT §3). */
    public Response notFound() {
        return message(404, "Not found", "There is nothing here for your business.");
    }

    /** A part of Slotwise the page needs did not answer: 503, with what the API said. */
    public Response unavailable(String detail) {
        return Response.fromResponse(message(503, "Not available right now", detail)).header("Retry-After", "5").build();
    }

    private Response message(int status, String heading, String text) {
        return SecureHtml.page(status, message.data("heading", heading).data("message", text).render());
    }

    static boolean sameToken(String expected, String offered) {
        return offered != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                offered.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The session cookie (an empty value deletes it): {@code HttpOnly}, {@code SameSite=Lax}, {@code Path=/panel},
     * and over HTTPS {@code Secure} with the {@code __Secure-} name ({@link SessionCookie}).
     */
    NewCookie sessionCookie(UriInfo uri, String value) {
        boolean https = https(uri);
        return new NewCookie.Builder(SessionCookie.name(https)).value(value).path(PATH).httpOnly(true)
                .secure(https).sameSite(NewCookie.SameSite.LAX).maxAge(value.isEmpty() ? 0 : -1).build();
    }

    /** After a session ended: to the sign-in page with a notice, the session cookie deleted. */
    Response signedOut(UriInfo uri, String notice) {
        return SecureHtml.seeOther(URI.create(PATH + "/sign-in?notice=" + notice), sessionCookie(uri, ""));
    }

    /** Whether the browser reached the panel over HTTPS: the public URL's scheme when one is set, else the request's. */
    boolean https(UriInfo uri) {
        return publicUrl.map(url -> "https".equals(url.getScheme()))
                .orElseGet(() -> "https".equals(uri.getRequestUri().getScheme()));
    }

    /** A time as the business reads it: its own time zone. */
    static String time(Instant instant, String timeZone) {
        if (instant == null) {
            return "—";
        }
        ZoneId zone = ZoneId.of(timeZone);
        return TIME.format(instant.atZone(zone)) + " " + zone.getId();
    }
}
