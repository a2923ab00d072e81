package dev.slotwise.gateway.tenant;

import java.time.Instant;

/** The tenant of CONTRACT §10. */
public record TenantView(String id, String name, String plan, String timeZone, Integer rateLimitPerHour,
        Instant createdAt, Instant updatedAt) {

    static TenantView of(Tenant tenant) {
        return new TenantView(tenant.id, tenant.name, tenant.plan, tenant.timeZone, tenant.rateLimitPerHour,
                tenant.createdAt, tenant.updatedAt);
    }
}
