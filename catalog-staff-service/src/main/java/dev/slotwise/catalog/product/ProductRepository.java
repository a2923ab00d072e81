package dev.slotwise.catalog.product;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import jakarta.persistence.NoResultException;

/** Products, always within one tenant. */
@ApplicationScoped
public class ProductRepository implements TenantScopedRepository<Product> {

    static final String PREFIX = "prd";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "product";
    }

    /** The product locked for update, or null when the tenant has none with this id (a sale of a deleted product). */
    Uni<Product> lockIfPresent(String tenantId, String id) {
        return find("tenantId = :tenant and id = :id", Parameters.with("tenant", tenantId).and("id", id))
                .withLock(LockModeType.PESSIMISTIC_WRITE).<Product>singleResult()
                .onFailure(NoResultException.class).recoverWithNull();
    }

    /** Writes one line of the product's stock history. */
    Uni<Void> recordMovement(Product product, long delta, String reason, String eventId, Instant at) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                insert into stock_movements (tenant_id, product_id, delta, reason, event_id, created_at)
                values (:tenant, :product, :delta, :reason, :event, :at)""")
                .setParameter("tenant", product.tenantId)
                .setParameter("product", product.id)
                .setParameter("delta", delta)
                .setParameter("reason", reason)
                .setParameter("event", eventId)
                .setParameter("at", at)
                .executeUpdate()).replaceWithVoid();
    }

    /** Marks an event applied; false when it already was (a redelivery), in which case nothing else may change. */
    Uni<Boolean> firstDelivery(String eventId) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "insert into processed_events (event_id) values (:event) on conflict (event_id) do nothing")
                .setParameter("event", eventId)
                .executeUpdate()).map(inserted -> inserted == 1);
    }
}
