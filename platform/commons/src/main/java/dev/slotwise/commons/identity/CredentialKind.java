package dev.slotwise.commons.identity;

import java.util.Arrays;

/**
 * Which kind of credential an internal token stands for, as the gateway says in the claim {@value #CLAIM}: one of
 * the business's API keys ({@code sub} is the key's id), an OAuth application's grant ({@code sub} is the grant's id)
 * a person signed in to the business's panel ({@code sub} is the user's id), or one of Slotwise's own services acting
 * for a tenant outside any request ({@code sub} names the service; notification-service reading names for its
 * e-mails, with read scopes only). A service that treats the kinds apart
 * must treat a token that names none (an older gateway's) as the least trusted kind.
 */
public enum CredentialKind {

    API_KEY("api_key"),
    OAUTH_GRANT("oauth_grant"),
    PANEL("panel"),
    SERVICE("service");

    /** The internal token's claim that names the kind. */
    public static final String CLAIM = "credential_kind";

    private final String claimValue;

    CredentialKind(String claimValue) {
        this.claimValue = claimValue;
    }

    public String claimValue() {
        return claimValue;
    }

    /** The kind a claim names, or null when it names none this service knows. */
    public static CredentialKind ofClaim(String value) {
        return Arrays.stream(values()).filter(kind -> kind.claimValue.equals(value)).findFirst().orElse(null);
    }

    /**
     * True for the business's own credentials (its API keys and its panel); false for a third party's grant and for
     * a service's token, which acts for nobody the business signed in as.
     */
    public boolean business() {
        return this == API_KEY || this == PANEL;
    }
}
