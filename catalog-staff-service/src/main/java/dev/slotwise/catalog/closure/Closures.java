package dev.slotwise.catalog.closure;

import dev.slotwise.catalog.calendar.CalendarDates;
import dev.slotwise.catalog.location.Locations;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The days a business is closed (CONTRACT §15). Two closures of one date are allowed (each with its reason); the day
 * is closed while any of them is there. A {@code locationId} must name a location of the tenant (§17): then only that
 * location is closed, on its own local date.
 */
@ApplicationScoped
public class Closures {

    private final ClosureRepository closures;
    private final Locations locations;

    public Closures(ClosureRepository closures, Locations locations) {
        this.closures = closures;
        this.locations = locations;
    }

    @WithTransaction
    public Uni<ClosureView> create(String tenantId, ClosureInput input) {
        LocalDate date = CalendarDates.parse(input.date());
        if (date == null) {
            return Uni.createFrom().failure(ApiException.invalid("date", "must be a date YYYY-MM-DD"));
        }
        return locations.requireKnown(tenantId, input.locationId(), "locationId").chain(() -> {
            Closure closure = new Closure();
            closure.create(Ids.next(ClosureRepository.PREFIX), tenantId, Instant.now().truncatedTo(ChronoUnit.MILLIS));
            closure.date = date;
            closure.reason = input.reason();
            closure.locationId = input.locationId();
            return closures.persist(closure).map(ClosureView::of);
        });
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
