package dev.slotwise.gateway.html;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Collection;

/**
 * Answers for pages people open in a browser (sign-in, consent, the panel): HTML with the headers of CONTRACT §13 —
 * a Content-Security-Policy that allows no inline script (only the gateway's own files), no framing and forms only to this origin (plus the origins a form
 * may be redirected to), no referrer, no sniffing, no caching.
 */
public final class SecureHtml {

    private static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; "
            + "frame-ancestors 'none'; form-action 'self'";

    private SecureHtml() {
    }

    public static Response page(int status, String html) {
        return page(status, html, java.util.List.of(), new NewCookie[0]);
    }

    /**
     * @param formTargets origins (scheme, host, port) a form on this page may end up at after a redirect, such as an
     *        application's redirect URI after consent; browsers check redirects after a form post against
     *        {@code form-action}
     */
    public static Response page(int status, String html, Collection<String> formTargets, NewCookie... cookies) {
        Response.ResponseBuilder response = secured(Response.status(status))
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Content-Security-Policy", formTargets.isEmpty() ? CSP : CSP + " " + String.join(" ", formTargets))
                .entity(html);
        return response.cookie(cookies).build();
    }

    /** A 303 to another page, after a form post. */
    public static Response seeOther(URI location, NewCookie... cookies) {
        return secured(Response.seeOther(location)).header("Content-Security-Policy", CSP).cookie(cookies).build();
    }

    /** The origin of a URI as CSP writes it: {@code https://host[:port]}. */
    public static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority().replaceFirst("^.*@", "");
    }

    private static Response.ResponseBuilder secured(Response.ResponseBuilder response) {
        return response
                .header("Referrer-Policy", "no-referrer")
                .header("X-Content-Type-Options", "nosniff")
                .header("X-Frame-Options", "DENY")
                .header("Cache-Control", "no-store")
                .header("Pragma", "no-cache");
    }
}
