package dev.slotwise.catalog.product;

import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A retail product with a stock level; a sale or an adjustment moves the level, never a patch. */
@Entity
@Table(name = "products")
public class Product extends TenantOwned {

    @Column(nullable = false)
    public String name;
    public String sku;
    @Column(name = "stock_quantity", nullable = false)
    public long stockQuantity;
    @Column(name = "low_stock_threshold", nullable = false)
    public int lowStockThreshold;
    @Column(name = "price_amount", nullable = false)
    public long priceAmount;
    @Column(name = "price_currency", nullable = false)
    public String priceCurrency;

    Money price() {
        return Money.of(priceAmount, priceCurrency);
    }

    /**
     * Moves the stock level by {@code delta}; answers whether this move crossed the threshold downwards (from
     * above it to at or below it), which is when {@code stock.low} is due: once per crossing, not on every sale.
     */
    boolean move(long delta) {
        boolean wasAbove = stockQuantity > lowStockThreshold;
        stockQuantity = Math.addExact(stockQuantity, delta);
        return wasAbove && stockQuantity <= lowStockThreshold;
    }
}
