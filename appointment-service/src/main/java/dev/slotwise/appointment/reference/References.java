package dev.slotwise.appointment.reference;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ids an appointment names, checked with the services that own them, concurrently. An id the tenant does not
 * have is a 422 naming the field (all such fields at once); a dependency that does not answer in time, or whose
 * circuit is open, is a 503 {@code upstream_unavailable}.
 */
@ApplicationScoped
public class References {

    private final CustomerDirectory customers;
    private final CatalogDirectory catalog;

    public References(CustomerDirectory customers, CatalogDirectory catalog) {
        this.customers = customers;
        this.catalog = catalog;
    }

    /**
     * Checks the ids that are not null; answers the service when {@code serviceId} was given.
     *
     * @param bearerToken the caller's internal token: the lookups read the same tenant's data
     */
    public Uni<Optional<ServiceRef>> check(String bearerToken, String customerId, String serviceId, String staffId) {
        Uni<Optional<CustomerRef>> customer = customerId == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("customer-service", "cus", customerId, Optional.empty(),
                        () -> customers.customer(bearerToken, customerId));
        Uni<Optional<ServiceRef>> service = serviceId == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("catalog-staff-service", "svc", serviceId, Optional.empty(),
                        () -> catalog.service(bearerToken, serviceId));
        Uni<Optional<StaffRef>> staff = staffId == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("catalog-staff-service", "stf", staffId, Optional.empty(),
                        () -> catalog.staff(bearerToken, staffId));
        return Uni.combine().all().unis(customer, service, staff).asTuple().map(found -> {
            List<FieldError> errors = new ArrayList<>();
            if (customerId != null && found.getItem1().isEmpty()) {
                errors.add(new FieldError("customerId", "is not a customer of this business"));
            }
            if (serviceId != null && found.getItem2().isEmpty()) {
                errors.add(new FieldError("serviceId", "is not a service of this business"));
            } else if (serviceId != null && !found.getItem2().get().active()) {
                errors.add(new FieldError("serviceId", "is a service that is no longer offered"));
            }
            if (staffId != null && found.getItem3().isEmpty()) {
                errors.add(new FieldError("staffId", "is not a staff member of this business"));
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalid(errors);
            }
            return found.getItem2();
        });
    }
}
