package dev.slotwise.pos.sale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.problem.ApiException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SaleTotalsTest {

    private static SaleLine line(int quantity, long unit, String currency) {
        return new SaleLine("product", "prd_x", quantity, Money.of(unit, currency));
    }

    private static PaymentInput paid(long amount, String currency) {
        return new PaymentInput("cash", Money.of(amount, currency));
    }

    @Test
    void theTotalIsTheSumOfQuantityTimesUnitPrice() {
        assertThat(SaleTotals.total(List.of(line(1, 4500, "EUR"), line(2, 1250, "EUR")),
                List.of(paid(3500, "EUR"), paid(3500, "EUR")))).isEqualTo(Money.of(7000, "EUR"));
    }

    @Test
    void paymentsThatDoNotAddUpAreRefused() {
        assertThatThrownBy(() -> SaleTotals.total(List.of(line(1, 4500, "EUR")), List.of(paid(4499, "EUR"))))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.errors()).extracting("field").containsExactly("payments");
                });
    }

    @Test
    void everyAmountMustBeInOneCurrency() {
        assertThatThrownBy(() -> SaleTotals.total(List.of(line(1, 4500, "EUR"), line(1, 100, "USD")),
                List.of(paid(4600, "GBP"))))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.errors()).extracting("field")
                        .containsExactly("items[1].unitPrice.currency", "payments[0].amount.currency"));
    }

    @Test
    void anOverflowingTotalIsRefusedNotWrapped() {
        assertThatThrownBy(() -> SaleTotals.total(List.of(line(10_000, Long.MAX_VALUE / 1000, "EUR")),
                List.of(paid(1, "EUR"))))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.errors()).extracting("field")
                        .containsExactly("items"));
    }
}
