package dev.slotwise.commons.identity;

import java.util.Set;

/**
 * What a service reads from an internal token whose signature, issuer, audience and lifetime it has checked: the
 * credential it stands for ({@code sub}), the tenant ({@code tenant_id}, null when the token names none), the scopes,
 * the tenant's time zone ({@code tz}, null when absent), when it expires (UNIX seconds) and the token itself, to call
 * another service on the same tenant's behalf.
 */
public record VerifiedToken(String subject, String tenantId, Set<String> scopes, String timeZone, long expiresAt,
        String raw) {

    /** The attribute of the request's {@code SecurityIdentity} that holds this token. */
    public static final String ATTRIBUTE = "slotwise.internal-token";

    public boolean expiredAt(long epochSecond) {
        return epochSecond >= expiresAt;
    }

    @Override
    public String toString() {
        return "VerifiedToken[subject=" + subject + ", tenantId=" + tenantId + ", scopes=" + scopes + "]";
    }
}
