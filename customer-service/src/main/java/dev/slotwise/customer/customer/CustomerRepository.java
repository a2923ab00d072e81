package dev.slotwise.customer.customer;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Customers, always within one tenant. */
@ApplicationScoped
public class CustomerRepository implements TenantScopedRepository<Customer> {

    static final String PREFIX = "cus";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "customer";
    }

    public Uni<Boolean> emailTaken(String tenantId, String email, String exceptId) {
        return count("tenantId = :tenant and lower(email) = lower(:email) and id <> :except",
                Parameters.with("tenant", tenantId).and("email", email).and("except", exceptId == null ? "" : exceptId))
                .map(count -> count > 0);
    }
}
