package dev.slotwise.gateway.oauth;

import java.util.List;

/**
 * An authorization request a person has signed in for and not yet decided: what the application asked for, the CSRF
 * token of the consent form, the accounts the password was right for and the one chosen.
 */
public record PendingAuthorization(byte[] idHash, String clientId, String redirectUri, List<String> scopes,
        String state, String codeChallenge, String csrfToken, String userId, List<String> accountIds) {
}
