package dev.slotwise.gateway.tenant;

import dev.slotwise.commons.zone.ValidTimeZone;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /admin/v1/tenants}. {@code timeZone} is an IANA name (default UTC). */
public record TenantInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be at most 200 characters") String name,
        @NotNull(message = "is required (free, pro or enterprise)") Plan plan,
        @ValidTimeZone String timeZone,
        @Positive(message = "must be a positive number of requests") Integer rateLimitPerHour) {

    static TenantInput of(Tenant tenant) {
        return new TenantInput(tenant.name, Plan.fromWire(tenant.plan), tenant.timeZone, tenant.rateLimitPerHour);
    }
}
