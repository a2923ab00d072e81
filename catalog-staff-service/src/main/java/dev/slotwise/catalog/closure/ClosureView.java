package dev.slotwise.catalog.closure;

import java.time.Instant;
import java.time.LocalDate;

/** The closure resource of CONTRACT §15. */
public record ClosureView(String id, LocalDate date, String reason, String locationId, Instant createdAt) {

    static ClosureView of(Closure closure) {
        return new ClosureView(closure.id, closure.date, closure.reason, closure.locationId, closure.createdAt);
    }
}
