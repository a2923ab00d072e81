package dev.slotwise.catalog.product;

/** The data of stock.low (CONTRACT §7). */
record LowStockEvent(String productId, String name, String sku, long stockQuantity, int lowStockThreshold) {

    static LowStockEvent of(Product p) {
        return new LowStockEvent(p.id, p.name, p.sku, p.stockQuantity, p.lowStockThreshold);
    }
}
