package dev.slotwise.customer.review;

import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Reviews, always within one tenant. */
@ApplicationScoped
public class ReviewRepository implements TenantScopedRepository<Review> {

    static final String PREFIX = "rev";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "review";
    }

    Uni<List<Review>> page(String tenantId, String customerId, PageRequest page) {
        Parameters parameters = new Parameters();
        String filter = "";
        if (customerId != null) {
            filter = " and customerId = :customer";
            parameters.and("customer", customerId);
        }
        return page(tenantId, page, filter, parameters);
    }
}
