package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.credential.Credential;
import io.quarkus.qute.TemplateData;
import java.util.Set;

/** A signed-in tenant user, as every panel page needs it: who, which business, its plan, the session's CSRF token. */
@TemplateData
public record PanelSession(byte[] idHash, String userId, String email, String tenantId, String tenantName,
        String plan, Integer rateLimitPerHour, String timeZone, String csrfToken) {

    /** The credential the panel acts with towards the services: this user, this tenant, only these scopes. */
    Credential credential(Set<String> scopes) {
        return new Credential(userId, tenantId, scopes, timeZone, plan, rateLimitPerHour, null);
    }
}
