package dev.slotwise.customer.customer;

import java.time.Instant;
import java.util.Map;

/** The customer resource of CONTRACT §5, as answered and as carried in customer.* events. */
public record CustomerView(String id, String firstName, String lastName, String email, String phone, String notes,
        boolean marketingConsent, boolean notificationsOptOut, Map<String, String> metadata, Instant createdAt,
        Instant updatedAt) {

    static CustomerView of(Customer customer) {
        return new CustomerView(customer.id, customer.firstName, customer.lastName, customer.email, customer.phone,
                customer.notes, customer.marketingConsent, customer.notificationsOptOut, customer.metadata, customer.createdAt,
                customer.updatedAt);
    }
}
