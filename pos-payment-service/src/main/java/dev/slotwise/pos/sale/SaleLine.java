package dev.slotwise.pos.sale;

import dev.slotwise.commons.money.Money;

/** One sold line, priced: what was sold ({@code service} or {@code product} and its id), how many, at what unit price. */
public record SaleLine(String type, String refId, int quantity, Money unitPrice) {
}
