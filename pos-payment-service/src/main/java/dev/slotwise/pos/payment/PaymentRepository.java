package dev.slotwise.pos.payment;

import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;

/** Payments, always within one tenant. */
@ApplicationScoped
public class PaymentRepository implements TenantScopedRepository<Payment> {

    public static final String PREFIX = "pay";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "payment";
    }

    /** The payments of these sales, in the order they were made. */
    public Uni<List<Payment>> ofSales(String tenantId, Collection<String> saleIds) {
        if (saleIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("tenantId = :tenant and transactionId in :sales",
                Sort.by("id"), Parameters.with("tenant", tenantId).and("sales", saleIds));
    }

    Uni<List<Payment>> page(String tenantId, String transactionId, PageRequest page) {
        Parameters parameters = new Parameters();
        String filter = "";
        if (transactionId != null) {
            filter = " and transactionId = :sale";
            parameters.and("sale", transactionId);
        }
        return page(tenantId, page, filter, parameters);
    }
}
