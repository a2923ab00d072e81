package dev.slotwise.appointment.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.appointment.rules.BookingContext.ClosedDay;
import dev.slotwise.appointment.rules.BookingContext.Policy;
import dev.slotwise.appointment.rules.BookingContext.ResourceRef;
import dev.slotwise.appointment.rules.BookingContext.ServiceTerms;
import dev.slotwise.appointment.rules.BookingContext.StaffCalendar;
import dev.slotwise.appointment.rules.BookingContext.WeeklyRange;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §17 in the rule engine alone: which resource a segment takes (the free one with the smallest id of each
 * required type at the staff member's location), when none is free ({@code resource_unavailable}, also for a segment
 * left without a staff member), that any-staff assignment keeps a visit at one location, and that a staff member's
 * hours and closed days are those of their location's zone.
 */
class RuleBookResourcesTest {

    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final Instant NOW = Instant.parse("2030-05-01T00:00:00Z");
    private static final Instant NINE = Instant.parse("2030-05-13T09:00:00Z");
    private static final long MINUTE = 60_000L;

    private static final ServiceTerms FACIAL = new ServiceTerms("svc_facial", 60, 0, 15, true, List.of("room"));
    private static final ServiceTerms LASER = new ServiceTerms("svc_laser", 30, 0, 0, true, List.of("room", "laser"));
    private static final ServiceTerms CUT = new ServiceTerms("svc_cut", 30, 0, 0, true);

    /** A staff member at {@code locationId} who works Mondays 08:00–18:00 of {@code zone} (null: the tenant's). */
    private static StaffCalendar at(String id, String locationId, String zone) {
        return new StaffCalendar(id, List.of(), locationId, zone, List.of(new WeeklyRange("monday", "08:00", "18:00")),
                List.of(), List.of());
    }

    private static RuleBook rules(List<StaffCalendar> staff, List<ResourceRef> resources, List<ResourceTime> taken,
            List<ClosedDay> closures) {
        BookingContext context = new BookingContext(Policy.DEFAULT, List.of(FACIAL, LASER, CUT), staff, closures,
                resources);
        return RuleBook.of(context, List.of(), taken, UTC, NOW, Window.around(NINE, 5));
    }

    private static ResourceTime taken(String resourceId, String from, String until) {
        return new ResourceTime("appt_x", resourceId, Instant.parse(from).toEpochMilli(),
                Instant.parse(until).toEpochMilli(), false);
    }

    @Test
    void aSegmentTakesTheFreeResourceWithTheSmallestIdAtItsStaffMembersLocation() {
        List<ResourceRef> resources = List.of(new ResourceRef("res_b", "room", "loc_1"),
                new ResourceRef("res_a", "room", "loc_1"), new ResourceRef("res_0", "room", "loc_2"),
                new ResourceRef("res_n", "room", null), new ResourceRef("res_l", "laser", "loc_1"));
        RuleBook free = rules(List.of(at("stf_1", "loc_1", null), at("stf_0", null, null)), resources, List.of(),
                List.of());

        Decision.Plan plan = (Decision.Plan) free.decide(VisitRequest.of("svc_laser", "stf_1", NINE));
        assertThat(plan.segments().get(0).resourceIds()).containsExactly("res_a", "res_l");
        assertThat(plan.segments().get(0).locationId()).isEqualTo("loc_1");
        // a staff member without a location takes a resource without one
        Decision.Plan unplaced = (Decision.Plan) free.decide(VisitRequest.of("svc_facial", "stf_0", NINE));
        assertThat(unplaced.segments().get(0).resourceIds()).containsExactly("res_n");
        // a service requiring nothing takes nothing
        Decision.Plan cut = (Decision.Plan) free.decide(VisitRequest.of("svc_cut", "stf_1", NINE));
        assertThat(cut.segments().get(0).resourceIds()).isEmpty();

        // res_a taken until 09:30: res_b; its buffer after counts for the later booking's range too
        RuleBook oneTaken = rules(List.of(at("stf_1", "loc_1", null)), resources,
                List.of(taken("res_a", "2030-05-13T08:00:00Z", "2030-05-13T09:30:00Z")), List.of());
        Decision.Plan second = (Decision.Plan) oneTaken.decide(VisitRequest.of("svc_facial", "stf_1", NINE));
        assertThat(second.segments().get(0).resourceIds()).containsExactly("res_b");
        // a range that only touches the taken one is free (half-open)
        Decision.Plan touching = (Decision.Plan) oneTaken.decide(VisitRequest.of("svc_facial", "stf_1",
                Instant.parse("2030-05-13T09:30:00Z")));
        assertThat(touching.segments().get(0).resourceIds()).containsExactly("res_a");
    }

    @Test
    void noFreeResourceIsResourceUnavailableAlsoForAnyStaff() {
        List<ResourceRef> resources = List.of(new ResourceRef("res_a", "room", "loc_1"));
        RuleBook busy = rules(List.of(at("stf_1", "loc_1", null), at("stf_2", "loc_1", null)), resources,
                // the 09:00–10:00 facial's buffer after reaches 10:15: a room taken from 10:10 is in the way
                List.of(taken("res_a", "2030-05-13T10:10:00Z", "2030-05-13T11:00:00Z")), List.of());

        Decision refused = busy.decide(VisitRequest.of("svc_facial", "stf_1", NINE));
        assertThat(refused).isInstanceOf(Decision.Refusal.class);
        assertThat(((Decision.Refusal) refused).reasons()).extracting(Reason::code)
                .containsExactly(ReasonCode.RESOURCE_UNAVAILABLE);
        assertThat(((Decision.Refusal) refused).reasons().get(0).detail()).contains("room").contains("loc_1");
        // without a staff member: the staff are free, the room is not
        Decision any = busy.decide(new VisitRequest(NINE, List.of(new VisitRequest.Segment("svc_facial", null, null))));
        assertThat(((Decision.Refusal) any).reasons()).extracting(Reason::code)
                .containsExactly(ReasonCode.RESOURCE_UNAVAILABLE);
        // no laser at all
        Decision noLaser = busy.decide(VisitRequest.of("svc_laser", "stf_1", Instant.parse("2030-05-13T13:00:00Z")));
        assertThat(((Decision.Refusal) noLaser).has(ReasonCode.RESOURCE_UNAVAILABLE)).isTrue();
    }

    @Test
    void theSearchOffersOnlyStartsWithAFreeResource() {
        List<ResourceRef> resources = List.of(new ResourceRef("res_a", "room", "loc_1"));
        StaffCalendar member = new StaffCalendar("stf_1", List.of(), "loc_1", null,
                List.of(new WeeklyRange("monday", "09:00", "12:00")), List.of(), List.of());
        RuleBook rules = rules(List.of(member), resources,
                List.of(taken("res_a", "2030-05-13T09:00:00Z", "2030-05-13T10:00:00Z")), List.of());
        List<Instant> offered = new ArrayList<>();
        long from = Instant.parse("2030-05-13T00:00:00Z").toEpochMilli();
        rules.freeStarts("svc_facial", null, grid(15), from, from + 24 * 60 * MINUTE,
                (start, staffId) -> offered.add(Instant.ofEpochMilli(start)));
        assertThat(offered).containsExactly(Instant.parse("2030-05-13T10:00:00Z"),
                Instant.parse("2030-05-13T10:15:00Z"), Instant.parse("2030-05-13T10:30:00Z"),
                Instant.parse("2030-05-13T10:45:00Z"), Instant.parse("2030-05-13T11:00:00Z"));
    }

    @Test
    void anyStaffKeepsAVisitAtTheLocationOfItsFirstSegment() {
        // stf_0 (Lisbon) has the smallest id and performs the trim, but the visit starts in Berlin with stf_5
        StaffCalendar lisbon = new StaffCalendar("stf_0", List.of("svc_cut"), "loc_lisbon", null,
                List.of(new WeeklyRange("monday", "08:00", "18:00")), List.of(), List.of());
        StaffCalendar berlinFirst = new StaffCalendar("stf_5", List.of("svc_facial"), "loc_berlin", null,
                List.of(new WeeklyRange("monday", "08:00", "18:00")), List.of(), List.of());
        StaffCalendar berlinSecond = new StaffCalendar("stf_9", List.of("svc_cut"), "loc_berlin", null,
                List.of(new WeeklyRange("monday", "08:00", "18:00")), List.of(), List.of());
        RuleBook rules = rules(List.of(lisbon, berlinFirst, berlinSecond),
                List.of(new ResourceRef("res_a", "room", "loc_berlin")), List.of(), List.of());
        Decision.Plan plan = (Decision.Plan) rules.decide(new VisitRequest(NINE, List.of(
                new VisitRequest.Segment("svc_facial", null, null), new VisitRequest.Segment("svc_cut", null, null))));
        assertThat(plan.segments()).extracting(Decision.PlannedSegment::staffId).containsExactly("stf_5", "stf_9");
    }

    @Test
    void hoursAndClosedDaysAreInTheLocationsZone() {
        // Lisbon is UTC+1 in May; the tenant is UTC
        StaffCalendar lisbon = new StaffCalendar("stf_1", List.of(), "loc_lisbon", "Europe/Lisbon",
                List.of(new WeeklyRange("monday", "09:00", "17:00")), List.of(), List.of());
        RuleBook rules = rules(List.of(lisbon), List.of(), List.of(), List.of());
        assertThat(rules.decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-13T08:00:00Z"))))
                .isInstanceOf(Decision.Plan.class);
        Decision early = rules.decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-13T07:30:00Z")));
        assertThat(((Decision.Refusal) early).has(ReasonCode.OUTSIDE_WORKING_HOURS)).isTrue();
        Decision.Plan plan = (Decision.Plan) rules.decide(VisitRequest.of("svc_cut", "stf_1",
                Instant.parse("2030-05-13T15:30:00Z")));
        assertThat(plan.segments().get(0).dayStart()).isEqualTo(Instant.parse("2030-05-12T23:00:00Z"));
        assertThat(plan.segments().get(0).timeZone()).isEqualTo("Europe/Lisbon");

        // a closure of the location on its local date; one of another location closes nothing here
        LocalDate monday = LocalDate.of(2030, 5, 13);
        RuleBook closed = rules(List.of(lisbon), List.of(), List.of(),
                List.of(new ClosedDay(monday, "loc_lisbon")));
        assertThat(((Decision.Refusal) closed.decide(VisitRequest.of("svc_cut", "stf_1",
                Instant.parse("2030-05-13T08:00:00Z")))).has(ReasonCode.CLOSED)).isTrue();
        // 23:30Z on the 12th is already the 13th in Lisbon
        assertThat(((Decision.Refusal) closed.decide(VisitRequest.of("svc_cut", "stf_1",
                Instant.parse("2030-05-12T23:30:00Z")))).has(ReasonCode.CLOSED)).isTrue();
        RuleBook elsewhere = rules(List.of(lisbon), List.of(), List.of(),
                List.of(new ClosedDay(monday, "loc_berlin")));
        assertThat(elsewhere.decide(VisitRequest.of("svc_cut", "stf_1", Instant.parse("2030-05-13T08:00:00Z"))))
                .isInstanceOf(Decision.Plan.class);
    }

    /** A grid of {@code minutes} from the full UTC hour. */
    private static RuleBook.Grid grid(int minutes) {
        long step = minutes * MINUTE;
        return new RuleBook.Grid() {
            @Override
            public long firstAtOrAfter(long t) {
                return Math.floorDiv(t + step - 1, step) * step;
            }

            @Override
            public long after(long start) {
                return start + step;
            }
        };
    }
}
