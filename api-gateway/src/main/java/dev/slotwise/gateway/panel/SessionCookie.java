package dev.slotwise.gateway.panel;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;

/**
 * The panel's session cookie as the browser sent it, for a resource method ({@code @BeanParam}). Over HTTPS only the
 * {@code __Secure-} name counts: browsers accept a cookie of that name only from a secure origin with {@code Secure},
 * so a cookie planted over plain HTTP (a network attacker, a sibling host) cannot stand in for the session. The
 * stricter {@code __Host-} prefix needs {@code Path=/}, and CONTRACT §13 scopes the cookie to {@code Path=/panel}.
 */
public class SessionCookie {

    /** Over plain HTTP (a gateway on localhost): browsers refuse the prefixed name without {@code Secure}. */
    static final String PLAIN = "slotwise_panel";
    static final String SECURE = "__Secure-slotwise_panel";

    @CookieParam(SECURE)
    String secure;

    @CookieParam(PLAIN)
    String plain;

    @Context
    UriInfo uri;

    /** The session id the browser holds for this scheme, or null. */
    String value(boolean https) {
        return https ? secure : plain;
    }

    static String name(boolean https) {
        return https ? SECURE : PLAIN;
    }
}
