package dev.slotwise.appointment.booking;

import dev.slotwise.appointment.reference.CatalogDirectory;
import dev.slotwise.appointment.rules.BookedTime;
import dev.slotwise.appointment.rules.ResourceTime;
import dev.slotwise.appointment.rules.BookingContext;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.appointment.rules.Window;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.FieldError;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the {@link RuleBook} of a decision or a search from what it needs, read at once: the catalog's booking
 * context (one lookup, read fresh, so the client that just changed a schedule, a policy or a closure sees it in its
 * next decision) and this service's own appointments. The ids the request names are checked on the way: those the
 * tenant does not have are field errors for the caller's 422.
 */
@ApplicationScoped
public class RuleBooks {

    private final CatalogDirectory catalog;
    private final BookedTimes booked;

    public RuleBooks(CatalogDirectory catalog, BookedTimes booked) {
        this.catalog = catalog;
        this.booked = booked;
    }

    /** The rules, and what is wrong with the ids the request named (none: the rules know them all; some: no rules). */
    public record Checked(RuleBook rules, List<FieldError> errors) {
    }

    /**
     * One segment a request names, with the fields its ids came from (for the 422 naming them): a service, and a
     * staff member or none (null: Slotwise assigns one). {@code newService}: the service is being chosen (a booking,
     * or a reschedule to another service), so one no longer offered is refused.
     */
    public record Wanted(String serviceField, String serviceId, String staffField, String staffId,
            boolean newService) {

        public static Wanted of(String serviceId, String staffId) {
            return new Wanted("serviceId", serviceId, "staffId", staffId, true);
        }
    }

    /**
     * The rules for one visit of {@code segments} starting at {@code startsAt}, without the appointment
     * {@code moving} (null: none). A segment without a staff member reads every staff member's calendar.
     */
    public Uni<Checked> forVisit(Caller caller, List<Wanted> segments, Instant startsAt, String moving) {
        return read(caller, segments, Window.around(startsAt, segments.size()), moving, null);
    }

    /**
     * The rules for a search of a visit of {@code serviceIds} (of {@code staffId} only, when not null) starting in
     * {@code [from, to)}.
     */
    public Uni<Checked> forSearch(Caller caller, List<Wanted> segments, Instant from, Instant to) {
        return forSearch(caller, segments, from, to, null);
    }

    /**
     * The same, of the staff at {@code locationId} only (CONTRACT §17; null: all): the ids named are checked against
     * every staff member, and the rules then know only those at the location.
     */
    public Uni<Checked> forSearch(Caller caller, List<Wanted> segments, Instant from, Instant to, String locationId) {
        return read(caller, segments, Window.between(from, to.plus(Window.LONGEST_SERVICE.multipliedBy(
                segments.size()))), null, locationId);
    }

    /** The tenant's booking policy alone. */
    public Uni<BookingContext.Policy> policy(Caller caller) {
        Instant now = Instant.now();
        return catalog.bookingContext(caller.bearerToken(), List.of(), List.of(), now, now.plusSeconds(1))
                .map(context -> context.policy() == null ? BookingContext.Policy.DEFAULT : context.policy());
    }

    private Uni<Checked> read(Caller caller, List<Wanted> segments, Window window, String moving,
            String locationId) {
        // an id that cannot be one names nothing: answered at once, without a lookup (nor one of every staff member)
        List<FieldError> malformed = new ArrayList<>();
        for (Wanted segment : segments) {
            if (!Ids.looksLike("svc", segment.serviceId())) {
                malformed.add(new FieldError(segment.serviceField(), "is not a service of this business"));
            }
            if (segment.staffId() != null && !Ids.looksLike("stf", segment.staffId())) {
                malformed.add(new FieldError(segment.staffField(), "is not a staff member of this business"));
            }
        }
        if (!malformed.isEmpty()) {
            return Uni.createFrom().item(new Checked(null, List.copyOf(malformed)));
        }
        List<String> services = segments.stream().map(Wanted::serviceId).distinct().toList();
        boolean anyone = segments.stream().anyMatch(segment -> segment.staffId() == null);
        List<String> staff = anyone ? List.of()
                : segments.stream().map(Wanted::staffId).distinct().toList();
        Instant[] starts = window.startsToRead(caller.timeZone());
        Uni<BookingContext> context = catalog.bookingContext(caller.bearerToken(), services, staff,
                window.fromInstant(), window.toInstant());
        Uni<List<BookedTime>> appointments = booked.starting(caller.tenantId(), staff, starts[0], starts[1], moving);
        Uni<List<ResourceTime>> resources = booked.resourcesTaken(caller.tenantId(), window.fromInstant(),
                window.toInstant(), moving);
        return Uni.combine().all().unis(context, appointments, resources).asTuple().map(found -> {
            RuleBook rules = RuleBook.of(found.getItem1(), found.getItem2(), found.getItem3(), caller.timeZone(),
                    Instant.now(), window);
            List<FieldError> errors = new ArrayList<>();
            for (Wanted segment : segments) {
                BookingContext.ServiceTerms service = rules.service(segment.serviceId());
                if (service == null) {
                    errors.add(new FieldError(segment.serviceField(), "is not a service of this business"));
                } else if (segment.newService() && !service.active()) {
                    errors.add(new FieldError(segment.serviceField(), "is a service that is no longer offered"));
                }
                if (segment.staffId() != null && !rules.knowsStaff(segment.staffId())) {
                    errors.add(new FieldError(segment.staffField(), "is not a staff member of this business"));
                }
            }
            if (locationId != null && errors.isEmpty()) {
                BookingContext all = found.getItem1();
                BookingContext atLocation = new BookingContext(all.policy(), all.services(), all.staff().stream()
                        .filter(member -> locationId.equals(member.locationId())).toList(), all.closures(),
                        all.resources());
                rules = RuleBook.of(atLocation, found.getItem2(), found.getItem3(), caller.timeZone(), Instant.now(),
                        window);
            }
            return new Checked(rules, errors.stream().distinct().toList());
        });
    }
}
