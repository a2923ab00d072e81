package dev.slotwise.commons.tenant;

import dev.slotwise.commons.problem.ApiException;
import jakarta.enterprise.context.RequestScoped;
import java.time.DateTimeException;
import java.time.ZoneId;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The calling tenant, taken only from the verified internal token (claim {@code tenant_id}) and never from a
 * header or the body; its time zone from the {@code tz} claim (default UTC).
 */
@RequestScoped
public class TenantContext {

    private static final ZoneId UTC = ZoneId.of("UTC");

    private final JsonWebToken token;

    public TenantContext(JsonWebToken token) {
        this.token = token;
    }

    public String tenantId() {
        String tenant = token.getClaim("tenant_id");
        if (tenant == null || tenant.isBlank()) {
            throw new ApiException(401, "unauthenticated", "the token names no tenant");
        }
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
        String zone = token.getClaim("tz");
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
