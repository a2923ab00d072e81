package dev.slotwise.appointment.visit;

import dev.slotwise.appointment.booking.BookingRefused;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.appointment.rules.Terms;
import dev.slotwise.appointment.rules.VisitRequest;
import dev.slotwise.appointment.rules.Window;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** How a booking, a reschedule and a hold turn the visit asked for into the rules' plan, or their refusal. */
public final class VisitPlans {

    private static final Duration SHORTEST_SERVICE = Duration.ofMinutes(5);

    private VisitPlans() {
    }

    /** The rules, when every id the request named is the tenant's; a 422 naming every other one otherwise. */
    public static RuleBook known(List<FieldError> customerErrors, RuleBooks.Checked checked) {
        List<FieldError> errors = new ArrayList<>(customerErrors);
        errors.addAll(checked.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return checked.rules();
    }

    /**
     * The rules' plan for the visit ({@code kept}: each segment's terms as booked, null for the service's current
     * ones; null: all current), or their refusal ({@link BookingRefused}). An end the API could not write is a 422
     * before any rule: RFC 3339 has four-digit years, so a visit ending in the year 10000 is refused rather than
     * stored and then written as {@code +10000-…}, which no client could read.
     */
    public static Decision.Plan planned(RuleBook book, Instant startsAt, List<RuleBooks.Wanted> wanted,
            List<Terms> kept) {
        List<VisitRequest.Segment> segments = new ArrayList<>();
        Instant end = startsAt;
        for (int i = 0; i < wanted.size(); i++) {
            RuleBooks.Wanted segment = wanted.get(i);
            Terms terms = kept != null ? kept.get(i) : null;
            segments.add(new VisitRequest.Segment(segment.serviceId(), segment.staffId(), terms));
            int minutes = terms != null ? terms.durationMinutes() : book.service(segment.serviceId()).durationMinutes();
            end = end.plus(Duration.ofMinutes(minutes));
        }
        if (end.isAfter(Window.LAST_WRITABLE)) {
            throw tooLate();
        }
        Decision decision = book.decide(new VisitRequest(startsAt, segments));
        if (decision instanceof Decision.Refusal refusal) {
            throw new BookingRefused(refusal);
        }
        return (Decision.Plan) decision;
    }

    /** The start as stored (milliseconds), early enough for the shortest service to end by the last writable instant. */
    public static Instant writableStart(Instant requested) {
        Instant startsAt = requested.truncatedTo(ChronoUnit.MILLIS);
        if (startsAt.plus(SHORTEST_SERVICE).isAfter(Window.LAST_WRITABLE)) {
            throw tooLate();
        }
        return startsAt;
    }

    private static ApiException tooLate() {
        return ApiException.invalid("startsAt", "must let the appointment end by 9999-12-31T23:59:59Z");
    }
}
