package dev.slotwise.customer.review;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.customer.customer.CustomerRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Reviews of the tenant's business by its customers. A review names a customer of the same tenant and, optionally,
 * one of that customer's appointments (422 otherwise). The appointment is looked up in the projection of
 * appointment-service's events and, when the projection does not know it yet (booked a moment ago), asked of
 * appointment-service itself: a client that just booked can review at once.
 */
@ApplicationScoped
public class Reviews {

    private final ReviewRepository reviews;
    private final CustomerRepository customers;
    private final AppointmentProjection appointments;
    private final AppointmentDirectory directory;

    public Reviews(ReviewRepository reviews, CustomerRepository customers, AppointmentProjection appointments,
            AppointmentDirectory directory) {
        this.reviews = reviews;
        this.customers = customers;
        this.appointments = appointments;
        this.directory = directory;
    }

    Uni<Page<ReviewView>> list(String tenantId, String customerId, PageRequest page) {
        return Panache.withSession(() -> reviews.page(tenantId, customerId, page))
                .map(rows -> Page.of(rows, page, r -> r.id).map(ReviewView::of));
    }

    Uni<ReviewView> create(String tenantId, String bearerToken, ReviewInput input) {
        return requireAppointmentOf(tenantId, bearerToken, input).chain(() -> Panache.withTransaction(() -> customers
                .require(tenantId, input.customerId())
                .onFailure(ApiException.class)
                .transform(notFound -> ApiException.invalid("customerId", "is not a customer of this business"))
                .chain(customer -> {
                    Review review = new Review();
                    review.create(Ids.next(ReviewRepository.PREFIX), tenantId, Instant.now().truncatedTo(ChronoUnit.MILLIS));
                    review.customerId = customer.id;
                    review.appointmentId = input.appointmentId();
                    review.rating = input.rating().shortValue();
                    review.comment = input.comment();
                    return reviews.persist(review).map(ReviewView::of);
                })));
    }

    /** The named appointment must be one of this customer's. */
    private Uni<Void> requireAppointmentOf(String tenantId, String bearerToken, ReviewInput input) {
        if (input.appointmentId() == null) {
            return Uni.createFrom().voidItem();
        }
        return appointments.customerOf(tenantId, input.appointmentId())
                .chain(known -> known != null ? Uni.createFrom().item(known)
                        : InternalLookups.guardedById("appointment-service", "appt", input.appointmentId(),
                                Optional.<AppointmentDirectory.Owner>empty(),
                                () -> directory.owner(bearerToken, input.appointmentId()))
                                .map(found -> found.map(AppointmentDirectory.Owner::customerId).orElse(null)))
                .invoke(owner -> {
                    if (owner == null) {
                        throw ApiException.invalid("appointmentId", "is not an appointment of this business");
                    }
                    if (!owner.equals(input.customerId())) {
                        throw ApiException.invalid("appointmentId", "is an appointment of another customer");
                    }
                }).replaceWithVoid();
    }
}
