package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.credential.Credential;
import io.quarkus.qute.TemplateData;
import java.util.Set;

/**
 * A signed-in tenant user, as every panel page needs it: who, which business, its plan, the session's CSRF token,
 * and whether the password was entered recently enough to mint an API key without entering it again.
 */
@TemplateData
public record PanelSession(byte[] idHash, String userId, String email, String tenantId, String tenantName,
        String plan, Integer rateLimitPerHour, String timeZone, String csrfToken, boolean passwordRecent) {

    /** The same session, just after its user entered the password again. */
    PanelSession withRecentPassword() {
        return new PanelSession(idHash, userId, email, tenantId, tenantName, plan, rateLimitPerHour, timeZone, csrfToken,
                true);
    }

    /** The credential the panel acts with towards the services: this user, this tenant, only these scopes. */
    Credential credential(Set<String> scopes) {
        return new Credential(userId, tenantId, scopes, timeZone, plan, rateLimitPerHour, null);
    }
}
