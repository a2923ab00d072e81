package dev.slotwise.commons.tenant;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import java.time.DateTimeException;
import java.time.ZoneId;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.MDC;

/**
 * The calling tenant, taken only from the verified internal token (claim {@code tenant_id}) and never from a
 * header or the body; its time zone from the {@code tz} claim (default UTC).
 */
@RequestScoped
public class TenantContext {

    private static final ZoneId UTC = ZoneId.of("UTC");

    private final SecurityIdentity identity;
    private final JsonWebToken token;

    public TenantContext(SecurityIdentity identity, JsonWebToken token) {
        this.identity = identity;
        this.token = token;
    }

    /**
     * A custom claim of the verified token as text, or null. Read from the verified claims themselves:
     * {@link JsonWebToken#getClaim} first looks the name up among the standard claims and throws, stack trace and
     * all, when it is not one of them, which once per request cost a few per cent of a service's CPU.
     */
    public String claim(String name) {
        Object value = identity.getPrincipal() instanceof OidcJwtCallerPrincipal principal
                ? principal.getClaims().getClaimValue(name) : token.getClaim(name);
        return value == null ? null : value.toString();
    }

    public String tenantId() {
        String tenant = claim("tenant_id");
        if (tenant == null || tenant.isBlank()) {
            throw new ApiException(401, "unauthenticated", "the token names no tenant");
        }
        MDC.put(RequestIds.TENANT_MDC_KEY, tenant);
        return tenant;
    }

    /**
     * The verified internal token itself, to call another service on the same tenant's behalf (reference checks):
     * it names the tenant, so the other service reads the same tenant's data.
     */
    public String bearerToken() {
        String raw = token.getRawToken();
        if (raw == null) {
            throw new ApiException(401, "unauthenticated", "a valid bearer token is required");
        }
        return raw;
    }

    public ZoneId timeZone() {
        String zone = claim("tz");
        if (zone == null || zone.isBlank()) {
            return UTC;
        }
        try {
            return ZoneId.of(zone);
        } catch (DateTimeException unknownZone) {
            return UTC;
        }
    }
}
