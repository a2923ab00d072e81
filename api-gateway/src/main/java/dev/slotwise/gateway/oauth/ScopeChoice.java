package dev.slotwise.gateway.oauth;

import dev.slotwise.gateway.credential.Scopes;
import io.quarkus.qute.TemplateData;

/** A scope as the consent page shows it: its name and what it lets the application do. */
@TemplateData
public record ScopeChoice(String name, String description) {

    static ScopeChoice of(String scope) {
        return new ScopeChoice(scope, Scopes.describe(scope));
    }
}
