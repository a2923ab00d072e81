package dev.slotwise.commons.tenant;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.identity.VerifiedToken;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import java.time.DateTimeException;
import java.time.ZoneId;
import org.jboss.logging.MDC;

/**
 * The calling tenant, taken only from the verified internal token (claim {@code tenant_id}) and never from a
 * header or the body; its time zone from the {@code tz} claim (default UTC).
 */
@RequestScoped
public class TenantContext {

    private static final ZoneId UTC = ZoneId.of("UTC");

    private final SecurityIdentity identity;

    public TenantContext(SecurityIdentity identity) {
        this.identity = identity;
    }

    /** The verified internal token of this request; 401 when the request has none. */
    public VerifiedToken token() {
        if (identity.getAttribute(VerifiedToken.ATTRIBUTE) instanceof VerifiedToken token) {
            return token;
        }
        throw new ApiException(401, "unauthenticated", "a valid bearer token is required");
    }

    public String tenantId() {
        String tenant = token().tenantId();
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
        return token().raw();
    }

    public ZoneId timeZone() {
        String zone = token().timeZone();
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
