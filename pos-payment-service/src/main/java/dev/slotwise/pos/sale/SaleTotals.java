package dev.slotwise.pos.sale;

import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import java.util.ArrayList;
import java.util.List;

/**
 * The arithmetic of a sale, in integer minor units only: the total is the sum of quantity × unit price; every
 * price and payment is in one currency; the payments add up to the total exactly. Anything else is a 422 naming
 * the fields; an amount too large for a long is one too.
 */
final class SaleTotals {

    private SaleTotals() {
    }

    static Money total(List<SaleLine> lines, List<PaymentInput> payments) {
        String currency = lines.get(0).unitPrice().currency();
        List<FieldError> errors = new ArrayList<>();
        long total = 0;
        try {
            for (int i = 0; i < lines.size(); i++) {
                SaleLine line = lines.get(i);
                if (!currency.equals(line.unitPrice().currency())) {
                    errors.add(new FieldError("items[" + i + "].unitPrice.currency", "must be " + currency + ", as the first item"));
                }
                total = Math.addExact(total, Math.multiplyExact(line.unitPrice().amount(), line.quantity()));
            }
        } catch (ArithmeticException overflow) {
            throw ApiException.invalid("items", "add up to more than can be charged");
        }
        long paid = 0;
        try {
            for (int i = 0; i < payments.size(); i++) {
                Money amount = payments.get(i).amount();
                if (!currency.equals(amount.currency())) {
                    errors.add(new FieldError("payments[" + i + "].amount.currency", "must be " + currency + ", as the items"));
                }
                paid = Math.addExact(paid, amount.amount());
            }
        } catch (ArithmeticException overflow) {
            throw ApiException.invalid("payments", "add up to more than can be charged");
        }
        if (errors.isEmpty() && paid != total) {
            errors.add(new FieldError("payments", "must add up to the total of " + total + " " + currency
                    + " (minor units); they add up to " + paid));
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return Money.of(total, currency);
    }
}
