package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.identity.VerifiedToken;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import dev.slotwise.commons.tenant.TenantContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who calls the webhook API, as CONTRACT §8 "Who may see what" tells callers apart: the tenant, the credential (the
 * internal token's {@code sub}: an API key's, a grant's or a panel user's id), whether it is one of the business's own
 * credentials — an API key or the panel, which reach every endpoint of the tenant — or an application's grant, which
 * reaches only the endpoints it created, and its scopes. A token that does not say which kind it is counts as an
 * application's.
 */
public record Caller(String tenantId, String credentialId, boolean business, Set<String> scopes) {

    public static Caller of(TenantContext tenant) {
        VerifiedToken token = tenant.token();
        return new Caller(tenant.tenantId(), token.subject(), token.businessCredential(), token.scopes());
    }

    /** The credential whose endpoints alone this caller reaches; null when it reaches every endpoint of the tenant. */
    public String onlyCreatedBy() {
        return business ? null : credentialId;
    }

    /** Whether this caller may see the data of an event of this type, such as a delivery's payload. */
    public boolean mayRead(String eventType) {
        return EventTypes.readScope(eventType).map(scopes::contains).orElse(true);
    }

    /**
     * 403 {@code insufficient_scope} unless this caller holds the read scope of every event family it subscribes to,
     * naming each missing scope once (in the order of the events) and each event that needs one.
     */
    void requireReadScopes(List<String> events) {
        Set<String> missing = new LinkedHashSet<>();
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            String field = "events[" + i + "]";
            EventTypes.readScope(events.get(i)).filter(scope -> !scopes.contains(scope)).ifPresent(scope -> {
                missing.add(scope);
                errors.add(new FieldError(field, "needs the scope " + scope));
            });
        }
        if (!missing.isEmpty()) {
            throw ApiException.insufficientScope("subscribing to these events needs the scope"
                    + (missing.size() > 1 ? "s " : " ") + String.join(" and ", missing), errors, List.copyOf(missing));
        }
    }
}
