package dev.slotwise.gateway.oauth;

import java.util.List;
import java.util.Set;

/**
 * An application the operator registered (CONTRACT §9, §10), as the authorization server reads it; a disabled one is
 * refused everywhere.
 */
public record RegisteredClient(String id, String name, List<String> redirectUris, Set<String> scopes,
        boolean confidential, byte[] secretHash, boolean disabled) {

    /** Registered exactly: compared as strings, no normalisation, no prefix matching. */
    public boolean redirectsTo(String redirectUri) {
        return redirectUri != null && redirectUris.contains(redirectUri);
    }
}
