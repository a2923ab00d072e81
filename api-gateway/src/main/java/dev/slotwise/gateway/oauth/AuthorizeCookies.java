package dev.slotwise.gateway.oauth;

import jakarta.ws.rs.CookieParam;

/**
 * The authorization server's two cookies as the browser sent them, for a resource method ({@code @BeanParam}): the
 * sign-in form's nonce ({@link #FORM}, from the authorize link until the decision) and the signed-in request's id
 * ({@link #REQUEST}, from sign-in until the decision). Over HTTPS they are set and read only under the
 * {@code __Secure-} name: browsers accept a cookie of that name only from a secure origin with {@code Secure}, so a
 * cookie planted over plain HTTP cannot stand in for either. Not {@code __Host-}: that prefix needs {@code Path=/},
 * and these cookies stay on {@code /oauth/authorize}, out of every other request (the API proxy passes a browser's
 * cookies on to the services).
 */
public class AuthorizeCookies {

    /** The signed-in request's id. */
    static final String REQUEST = "slotwise_authorize";
    /** The nonce the sign-in form's token is bound to. */
    static final String FORM = "slotwise_authorize_form";
    static final String PATH = "/oauth/authorize";
    private static final String SECURE = "__Secure-";

    @CookieParam(REQUEST)
    String request;

    @CookieParam(SECURE + REQUEST)
    String secureRequest;

    @CookieParam(FORM)
    String form;

    @CookieParam(SECURE + FORM)
    String secureForm;

    /** The signed-in request's id this browser holds for this scheme, or null. */
    String request(boolean https) {
        return https ? secureRequest : request;
    }

    /** The sign-in form's nonce this browser holds for this scheme, or null. */
    String form(boolean https) {
        return https ? secureForm : form;
    }

    /** The name a cookie is set under for this scheme. */
    static String name(String cookie, boolean https) {
        return https ? SECURE + cookie : cookie;
    }
}
