package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;

/** An OAuth error answer (RFC 6749 §5.2): its code, HTTP status and description travel with it. */
public final class OAuthFailure extends RuntimeException {

    private final transient ErrorObject error;

    public OAuthFailure(ErrorObject error, String description) {
        super(description, null, false, false);
        this.error = error.setDescription(description);
    }

    public ErrorObject error() {
        return error;
    }

    public static OAuthFailure invalidGrant(String description) {
        return new OAuthFailure(OAuth2Error.INVALID_GRANT, description);
    }

    public static OAuthFailure invalidClient(String description) {
        return new OAuthFailure(OAuth2Error.INVALID_CLIENT, description);
    }

    public static OAuthFailure invalidScope(String description) {
        return new OAuthFailure(OAuth2Error.INVALID_SCOPE, description);
    }

    public static OAuthFailure invalidRequest(String description) {
        return new OAuthFailure(OAuth2Error.INVALID_REQUEST, description);
    }
}
