package dev.slotwise.catalog.product;

import dev.slotwise.commons.money.Money;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/** The body of a product create. The stock level starts at {@code stockQuantity} (default 0). */
public record ProductInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @Size(max = 64, message = "must be at most 64 characters") String sku,
        @PositiveOrZero(message = "must not be negative") @Max(value = 1_000_000_000, message = "is too large")
        Integer stockQuantity,
        @PositiveOrZero(message = "must not be negative") @Max(value = 1_000_000_000, message = "is too large")
        Integer lowStockThreshold,
        @NotNull(message = "is required") @Valid Money price) {
}
