package dev.slotwise.appointment.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.appointment.rules.BookingContext.Policy;
import dev.slotwise.appointment.rules.BookingContext.ServiceTerms;
import dev.slotwise.appointment.rules.BookingContext.StaffCalendar;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §15/§16's daily limit counts a visit once per staff member and local day, however many of its segments
 * fall there, and on each day it reaches: a visit of two segments on one day counts one, a visit across midnight
 * counts on both days.
 */
class RuleBookDailyCountTest {

    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final Instant NOW = Instant.parse("2030-05-01T00:00:00Z");
    private static final ServiceTerms CUT = new ServiceTerms("svc_cut", 30, 0, 0, true);

    private static RuleBook rules(int limit) {
        // a staff member without weekly hours: bookable at any time, so only the limit refuses
        StaffCalendar member = new StaffCalendar("stf_1", List.of(), List.of(), List.of(), List.of());
        BookingContext context = new BookingContext(new Policy(0, null, 0, limit, null), List.of(CUT),
                List.of(member), List.of());
        List<BookedTime> booked = List.of(
                segment("appt_two", "2030-05-13T09:00:00Z", "2030-05-13T09:30:00Z"),
                segment("appt_two", "2030-05-13T09:30:00Z", "2030-05-13T10:00:00Z"),
                segment("appt_night", "2030-05-13T23:30:00Z", "2030-05-14T00:00:00Z"),
                segment("appt_night", "2030-05-14T00:00:00Z", "2030-05-14T00:30:00Z"));
        return RuleBook.of(context, booked, UTC, NOW, Window.between(Instant.parse("2030-05-13T00:00:00Z"),
                Instant.parse("2030-05-15T00:00:00Z")));
    }

    private static BookedTime segment(String owner, String from, String until) {
        long start = Instant.parse(from).toEpochMilli();
        long end = Instant.parse(until).toEpochMilli();
        return BookedTime.appointment(owner, "stf_1", start, end, start, end);
    }

    @Test
    void aVisitCountsOncePerDayItStartsSegmentsOn() {
        Decision full = rules(2).decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-13T15:00:00Z")));
        assertThat(full).isInstanceOf(Decision.Refusal.class);
        assertThat(((Decision.Refusal) full).reasons()).extracting(Reason::code)
                .containsExactly(ReasonCode.DAILY_LIMIT_REACHED);
        assertThat(((Decision.Refusal) full).reasons().get(0).detail()).contains("has 2 appointments on 2030-05-13");

        assertThat(rules(3).decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-13T15:00:00Z"))))
                .isInstanceOf(Decision.Plan.class);
        // the visit across midnight is the one appointment of the 14th
        assertThat(rules(2).decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-14T10:00:00Z"))))
                .isInstanceOf(Decision.Plan.class);
        Decision nextDay = rules(1).decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-14T10:00:00Z")));
        assertThat(((Decision.Refusal) nextDay).reasons().get(0).detail()).contains("has 1 appointments on 2030-05-14");
    }
}
