package dev.slotwise.catalog.product;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** {@code {"delta": -3, "reason": "damaged"}}: a counted correction, a delivery, a loss. */
public record StockAdjustment(
        @NotNull(message = "is required") @Min(value = -1_000_000, message = "must be from -1000000 to 1000000")
        @Max(value = 1_000_000, message = "must be from -1000000 to 1000000") Integer delta,
        @Size(max = 500, message = "must be at most 500 characters") String reason) {
}
