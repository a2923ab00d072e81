package dev.slotwise.pos.sale;

import dev.slotwise.commons.money.Money;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** A line of a sale as the client sends it; without {@code unitPrice} the catalog's price applies. */
public record ItemInput(
        @NotNull(message = "is required") @Pattern(regexp = "service|product", message = "must be service or product") String type,
        @NotBlank(message = "is required") String refId,
        @NotNull(message = "is required") @Min(value = 1, message = "must be from 1 to 10000")
        @Max(value = 10_000, message = "must be from 1 to 10000") Integer quantity,
        @Valid Money unitPrice) {
}
