package dev.slotwise.gateway.oauth;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * An authorization request a person has signed in for and not yet decided: what the application asked for, the CSRF
 * token of the consent form, the accounts the password was right for and the one chosen, and when the verified
 * password was read ({@code passwordAt}; null for a request stored before that was kept).
 */
public record PendingAuthorization(byte[] idHash, String clientId, String redirectUri, List<String> scopes,
        String state, String codeChallenge, String csrfToken, String userId, List<String> accountIds,
        OffsetDateTime passwordAt) {
}
