package dev.slotwise.appointment.reference;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
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

    /** The longest a service lasts (CONTRACT §5: durationMinutes 5–720): the window of time off a booking asks for. */
    public static final Duration LONGEST_SERVICE = Duration.ofMinutes(720);
    /** The last instant the API can write (RFC 3339 has four-digit years). */
    public static final Instant LAST_WRITABLE = Instant.parse("9999-12-31T23:59:59.999Z");

    private final CustomerDirectory customers;
    private final CatalogDirectory catalog;

    public References(CustomerDirectory customers, CatalogDirectory catalog) {
        this.customers = customers;
        this.catalog = catalog;
    }

    /** What the lookups found: the service when one was named, the staff member's schedule when one was named. */
    public record Found(Optional<ServiceRef> service, Optional<StaffSchedule> staff) {
    }

    /**
     * Checks the ids that are not null; answers the service when {@code serviceId} was given and the staff member's
     * schedule, with their time off from {@code startsAt} for as long as any service lasts, when {@code staffId} was.
     *
     * @param bearerToken the caller's internal token: the lookups read the same tenant's data
     * @param startsAt    before {@link #LAST_WRITABLE}
     */
    public Uni<Found> check(String bearerToken, String customerId, String serviceId, String staffId, Instant startsAt) {
        Uni<Optional<CustomerRef>> customer = customerId == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("customer-service", "cus", customerId, Optional.empty(),
                        () -> customers.customer(bearerToken, customerId));
        Uni<Optional<ServiceRef>> service = serviceId == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("catalog-staff-service", "svc", serviceId, Optional.empty(),
                        () -> catalog.service(bearerToken, serviceId));
        Instant windowEnd = startsAt.plus(LONGEST_SERVICE).isAfter(LAST_WRITABLE) ? LAST_WRITABLE
                : startsAt.plus(LONGEST_SERVICE);
        Uni<Optional<StaffSchedule>> staff = staffId == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("catalog-staff-service", "stf", staffId, Optional.empty(),
                        () -> catalog.schedule(bearerToken, staffId, startsAt, windowEnd));
        return Uni.combine().all().unis(customer, service, staff).asTuple().map(found -> {
            List<FieldError> errors = new ArrayList<>();
            if (customerId != null && found.getItem1().isEmpty()) {
                errors.add(new FieldError("customerId", "is not a customer of this business"));
            }
            errors.addAll(serviceErrors(serviceId, found.getItem2()));
            if (staffId != null && found.getItem3().isEmpty()) {
                errors.add(new FieldError("staffId", "is not a staff member of this business"));
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalid(errors);
            }
            return new Found(found.getItem2(), found.getItem3());
        });
    }

    /** The service a booking or a search names, which must exist in the tenant and still be offered. */
    public Uni<ServiceRef> offeredService(String bearerToken, String serviceId) {
        return InternalLookups.guardedById("catalog-staff-service", "svc", serviceId, Optional.<ServiceRef>empty(),
                () -> catalog.service(bearerToken, serviceId)).map(found -> {
                    List<FieldError> errors = serviceErrors(serviceId, found);
                    if (!errors.isEmpty()) {
                        throw ApiException.invalid(errors);
                    }
                    return found.orElseThrow();
                });
    }

    private static List<FieldError> serviceErrors(String serviceId, Optional<ServiceRef> found) {
        if (serviceId == null) {
            return List.of();
        }
        if (found.isEmpty()) {
            return List.of(new FieldError("serviceId", "is not a service of this business"));
        }
        if (!found.get().active()) {
            return List.of(new FieldError("serviceId", "is a service that is no longer offered"));
        }
        return List.of();
    }
}
