package dev.slotwise.pos.sale;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Sales ("transactions"), always within one tenant. */
@ApplicationScoped
public class SaleRepository implements TenantScopedRepository<Sale> {

    static final String PREFIX = "txn";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "transaction";
    }
}
