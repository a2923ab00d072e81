package dev.slotwise.catalog.product;

import dev.slotwise.commons.money.Money;
import java.time.Instant;

/** The product resource of CONTRACT §5. */
public record ProductView(String id, String name, String sku, long stockQuantity, int lowStockThreshold, Money price,
        Instant createdAt, Instant updatedAt) {

    static ProductView of(Product p) {
        return new ProductView(p.id, p.name, p.sku, p.stockQuantity, p.lowStockThreshold, p.price(), p.createdAt,
                p.updatedAt);
    }
}
