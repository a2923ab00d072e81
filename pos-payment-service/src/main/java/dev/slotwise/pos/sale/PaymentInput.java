package dev.slotwise.pos.sale;

import dev.slotwise.commons.money.Money;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** A payment of a sale: how ({@code cash}, {@code card}, {@code other}) and how much. */
public record PaymentInput(
        @NotNull(message = "is required") @Pattern(regexp = "cash|card|other", message = "must be cash, card or other") String method,
        @NotNull(message = "is required") @Valid Money amount) {
}
