package dev.slotwise.catalog.closure;

import dev.slotwise.catalog.calendar.CalendarDates;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The days a business is closed (CONTRACT §15). Two closures of one date are allowed (each with its reason); the day
 * is closed while any of them is there. A {@code locationId} names a location of §17, which no tenant has yet: any
 * value is refused as an unknown id.
 */
@ApplicationScoped
public class Closures {

    private final ClosureRepository closures;

    public Closures(ClosureRepository closures) {
        this.closures = closures;
    }

    @WithTransaction
    public Uni<ClosureView> create(String tenantId, ClosureInput input) {
        List<FieldError> errors = new ArrayList<>();
        LocalDate date = CalendarDates.parse(input.date());
        if (date == null) {
            errors.add(new FieldError("date", "must be a date YYYY-MM-DD"));
        }
        if (input.locationId() != null) {
            errors.add(new FieldError("locationId", "is not a location of this business"));
        }
        if (!errors.isEmpty()) {
            return Uni.createFrom().failure(ApiException.invalid(errors));
        }
        Closure closure = new Closure();
        closure.create(Ids.next(ClosureRepository.PREFIX), tenantId, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        closure.date = date;
        closure.reason = input.reason();
        closure.locationId = input.locationId();
        return closures.persist(closure).map(ClosureView::of);
    }

    /** The tenant's closures on the dates of {@code span}, by date (then id). */
    @WithSession
    public Uni<List<ClosureView>> between(String tenantId, CalendarDates.Span span) {
        return closures.list("tenantId = :tenant and date >= :first and date <= :last order by date, id",
                        Parameters.with("tenant", tenantId).and("first", span.first()).and("last", span.last()))
                .map(rows -> rows.stream().map(ClosureView::of).toList());
    }

    @WithTransaction
    public Uni<Void> delete(String tenantId, String id) {
        return closures.require(tenantId, id).chain(closures::delete);
    }
}
