package dev.slotwise.gateway.oauth;

import java.util.List;

/**
 * An authorization request the browser is in the middle of: what the application asked for, the CSRF token of its
 * forms, and, once the person has signed in, the accounts the password was right for and the one chosen.
 */
public record PendingAuthorization(byte[] idHash, String clientId, String redirectUri, List<String> scopes,
        String state, String codeChallenge, String csrfToken, String userId, List<String> accountIds) {

    public boolean signedIn() {
        return userId != null;
    }
}
