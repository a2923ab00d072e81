package dev.slotwise.customer.customer;

import java.time.Instant;

/** The data of {@code customer.deleted} (CONTRACT §7, §19): which customer was erased, and when. */
public record CustomerDeleted(String id, Instant deletedAt) {
}
