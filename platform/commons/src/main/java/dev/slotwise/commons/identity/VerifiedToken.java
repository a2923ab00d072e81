package dev.slotwise.commons.identity;

import java.util.Set;

/**
 * What a service reads from an internal token whose signature, issuer, audience and lifetime it has checked: the
 * credential it stands for ({@code sub}) and its kind ({@code credential_kind}, null when the token names none or one
 * this service does not know), the tenant ({@code tenant_id}, null when the token names none), the scopes, the
 * tenant's time zone ({@code tz}, null when absent), when it expires (UNIX seconds) and the token itself, to call
 * another service on the same tenant's behalf.
 */
public record VerifiedToken(String subject, CredentialKind credentialKind, String tenantId, Set<String> scopes,
        String timeZone, long expiresAt, String raw) {

    /** The attribute of the request's {@code SecurityIdentity} that holds this token. */
    public static final String ATTRIBUTE = "slotwise.internal-token";

    /**
     * True when the token says it is one of the business's own credentials (an API key, the panel); false for an
     * application's grant and for a token that does not say.
     */
    public boolean businessCredential() {
        return credentialKind != null && credentialKind.business();
    }

    public boolean expiredAt(long epochSecond) {
        return epochSecond >= expiresAt;
    }

    @Override
    public String toString() {
        return "VerifiedToken[subject=" + subject + ", credentialKind=" + credentialKind + ", tenantId=" + tenantId
                + ", scopes=" + scopes + "]";
    }
}
