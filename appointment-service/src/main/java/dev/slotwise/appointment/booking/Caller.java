package dev.slotwise.appointment.booking;

import dev.slotwise.commons.tenant.TenantContext;
import java.time.ZoneId;

/** Who asks, from the verified internal token: the tenant, its time zone, and the token to pass on to lookups. */
public record Caller(String tenantId, ZoneId timeZone, String bearerToken) {

    public static Caller of(TenantContext tenant) {
        return new Caller(tenant.tenantId(), tenant.timeZone(), tenant.bearerToken());
    }
}
