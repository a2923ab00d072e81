package dev.slotwise.catalog.policy;

import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /api/v1/booking-policy} (CONTRACT §15): the tenant's booking policy, read and replaced whole. */
@Path("/api/v1/booking-policy")
@Produces(MediaType.APPLICATION_JSON)
public class BookingPolicyResource {

    private final BookingPolicies policies;
    private final TenantContext tenant;

    public BookingPolicyResource(BookingPolicies policies, TenantContext tenant) {
        this.policies = policies;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("settings.read")
    public Uni<BookingPolicy> get() {
        return policies.of(tenant.tenantId());
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("settings.write")
    public Uni<BookingPolicy> replace(@Valid BookingPolicy policy) {
        RequestBody.require(policy);
        return policies.replace(tenant.tenantId(), policy.withDefaults());
    }
}
