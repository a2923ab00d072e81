package dev.slotwise.catalog.product;

/** A product line of a completed sale, as transaction.completed carries it. */
record SoldItem(String productId, int quantity) {
}
