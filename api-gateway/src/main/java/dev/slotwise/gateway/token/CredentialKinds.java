package dev.slotwise.gateway.token;

import dev.slotwise.commons.identity.CredentialKind;
import dev.slotwise.gateway.credential.Credential;

/**
 * Which kind of credential the gateway speaks for, told by the type prefix of its id — the gateway mints every one:
 * {@code key_} an API key (its id), {@code grt_} an OAuth access token (its grant's id), {@code usr_} the panel
 * (the signed-in user's id), {@code int_} one of Slotwise's own services ({@link ServiceTokens}). Services read it from the internal token instead of parsing ids (CONTRACT §8 tells an
 * application's grant from the business's own credentials).
 */
final class CredentialKinds {

    private CredentialKinds() {
    }

    /** The kind; a credential of no known kind is a programming error, refused rather than signed as any kind. */
    static CredentialKind of(Credential credential) {
        String id = credential.id();
        if (id.startsWith("key_")) {
            return CredentialKind.API_KEY;
        }
        if (id.startsWith("grt_")) {
            return CredentialKind.OAUTH_GRANT;
        }
        if (id.startsWith("usr_")) {
            return CredentialKind.PANEL;
        }
        if (id.startsWith(ServiceTokens.SUBJECT_PREFIX)) {
            return CredentialKind.SERVICE;
        }
        String type = id.substring(0, Math.max(0, id.indexOf('_')));
        throw new IllegalStateException("no credential kind for an id of type '" + type + "'");
    }
}
