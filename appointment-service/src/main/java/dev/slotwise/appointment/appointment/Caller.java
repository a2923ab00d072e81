package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.tenant.TenantContext;
import java.time.ZoneId;

/** Who asks, from the verified internal token: the tenant, its time zone, and the token to pass on to lookups. */
record Caller(String tenantId, ZoneId timeZone, String bearerToken) {

    static Caller of(TenantContext tenant) {
        return new Caller(tenant.tenantId(), tenant.timeZone(), tenant.bearerToken());
    }
}
