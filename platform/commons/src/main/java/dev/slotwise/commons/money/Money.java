package dev.slotwise.commons.money;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;

/**
 * An amount of money as CONTRACT §2 has it: integer minor units and an ISO 4217 code, never a floating-point
 * number ({@code {"amount": 4500, "currency": "EUR"}} is 45.00 EUR).
 */
public record Money(
        @NotNull(message = "is required") @PositiveOrZero(message = "must not be negative") Long amount,
        @NotNull(message = "is required") @IsoCurrency String currency) {

    public static Money of(long amount, String currency) {
        return new Money(amount, currency);
    }
}
