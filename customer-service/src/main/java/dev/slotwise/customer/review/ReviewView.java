package dev.slotwise.customer.review;

import java.time.Instant;

/** The review resource of CONTRACT §5. */
public record ReviewView(String id, String customerId, String appointmentId, int rating, String comment,
        Instant createdAt) {

    static ReviewView of(Review r) {
        return new ReviewView(r.id, r.customerId, r.appointmentId, r.rating, r.comment, r.createdAt);
    }
}
