package dev.slotwise.appointment.reference;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.problem.FieldError;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * The customer an appointment names, checked with customer-service (the catalog's ids are checked with the booking
 * context, see {@code RuleBooks}). An id the tenant does not have is a field error for the caller's 422; a
 * customer-service that does not answer in time, or whose circuit is open, is a 503 {@code upstream_unavailable}.
 */
@ApplicationScoped
public class References {

    private final CustomerDirectory customers;

    public References(CustomerDirectory customers) {
        this.customers = customers;
    }

    /** What is wrong with {@code customerId}: nothing, or that the tenant has no such customer. */
    public Uni<List<FieldError>> customerErrors(String bearerToken, String customerId) {
        return InternalLookups.guardedById("customer-service", "cus", customerId, Optional.<CustomerRef>empty(),
                        () -> customers.customer(bearerToken, customerId))
                .map(found -> found.isPresent() ? List.of()
                        : List.of(new FieldError("customerId", "is not a customer of this business")));
    }
}
