package dev.slotwise.catalog.product;

import dev.slotwise.commons.money.Money;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * What a merge patch of a product may change, and the state it must leave valid. The stock level is not among
 * them: it moves only through stock adjustments and sales, each of which is recorded.
 */
public record ProductPatch(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @Size(max = 64, message = "must be at most 64 characters") String sku,
        @NotNull(message = "is required") @PositiveOrZero(message = "must not be negative")
        @Max(value = 1_000_000_000, message = "is too large") Integer lowStockThreshold,
        @NotNull(message = "is required") @Valid Money price) {

    static ProductPatch of(Product product) {
        return new ProductPatch(product.name, product.sku, product.lowStockThreshold, product.price());
    }
}
