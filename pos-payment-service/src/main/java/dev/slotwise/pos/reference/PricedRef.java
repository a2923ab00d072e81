package dev.slotwise.pos.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.slotwise.commons.money.Money;

/** A service or product of the catalog with its current price. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PricedRef(String id, Money price) {
}
