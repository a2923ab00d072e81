package dev.slotwise.appointment.rules;

import dev.slotwise.appointment.rules.BookingContext.ClosedDay;
import dev.slotwise.appointment.rules.BookingContext.Policy;
import dev.slotwise.appointment.rules.BookingContext.ServiceTerms;
import dev.slotwise.appointment.rules.BookingContext.StaffCalendar;
import dev.slotwise.appointment.rules.Decision.PlannedSegment;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The booking rules (CONTRACT §14, §15) — the one place that decides whether a visit can happen at a time. A pure
 * function of the catalog's facts ({@link BookingContext}: policy, services, staff calendars, closures), the
 * appointments already there ({@link BookedTime}), the time zone and now; no I/O. Booking, rescheduling, explaining
 * and searching all ask it, so a slot the search offers is one a booking accepts, and every refusal is among the
 * reasons explain gives.
 *
 * <p>A rule book is built for a window of time ({@link Window}): it turns each staff member's calendar into spans of
 * instants once ({@link StaffTimeline}), so that each question about a start is a few binary searches — a month's
 * search asks tens of thousands.
 *
 * <p>The database still has the last word where requests race: the exclusion constraint over occupied ranges and the
 * lock around the daily count. These rules see the data as read, and agree with the database on what it decides.
 */
public final class RuleBook {

    /** The grace for a start a little in the past, whatever the policy (a walk-in booked "now"). */
    static final long PAST_GRACE = 60_000L;
    private static final long DAY = 86_400_000L;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm");

    private final Policy policy;
    private final Map<String, ServiceTerms> services = new HashMap<>();
    private final Map<String, StaffTimeline> staff = new HashMap<>();
    private final List<StaffTimeline> staffInOrder = new ArrayList<>();
    private final LocalDays days;
    private final Spans closed;
    private final long now;
    private final long earliest;
    private final long latest;

    private RuleBook(BookingContext context, List<BookedTime> booked, ZoneId zone, Instant now, Window window) {
        this.policy = context.policy() == null ? Policy.DEFAULT : context.policy();
        this.days = new LocalDays(zone, window.from(), window.to());
        this.now = now.toEpochMilli();
        this.earliest = policy.minNoticeMinutes() == 0 ? this.now - PAST_GRACE
                : this.now + policy.minNoticeMinutes() * Terms.MINUTE;
        this.latest = policy.maxAdvanceDays() == null ? Long.MAX_VALUE : this.now + policy.maxAdvanceDays() * DAY;
        context.services().forEach(service -> services.put(service.id(), service));
        Spans.Builder closedDays = new Spans.Builder();
        for (ClosedDay day : context.closures()) {
            int index = day.locationId() == null ? days.indexOf(day.date()) : -1;
            if (index >= 0) {
                closedDays.add(days.start(index), days.end(index));
            }
        }
        this.closed = closedDays.build();
        Map<String, List<BookedTime>> byStaff = new HashMap<>();
        booked.forEach(time -> byStaff.computeIfAbsent(time.staffId(), id -> new ArrayList<>()).add(time));
        List<StaffCalendar> calendars = new ArrayList<>(context.staff());
        calendars.sort((a, b) -> a.id().compareTo(b.id()));
        for (StaffCalendar calendar : calendars) {
            StaffTimeline timeline = new StaffTimeline(calendar, days,
                    byStaff.getOrDefault(calendar.id(), List.of()));
            staff.put(calendar.id(), timeline);
            staffInOrder.add(timeline);
        }
    }

    /**
     * The rules over {@code window}: {@code context} and {@code booked} must hold what there is of it (the catalog's
     * calendars and the appointments that occupy time in it or start on its days), without the appointment being
     * moved, if any: it neither stands in its own way nor counts toward its own day.
     */
    public static RuleBook of(BookingContext context, List<BookedTime> booked, ZoneId zone, Instant now,
            Window window) {
        return new RuleBook(context, booked, zone, now, window);
    }

    public Policy policy() {
        return policy;
    }

    /** The services the context named, by id (a request naming another is the caller's 422). */
    public ServiceTerms service(String id) {
        return services.get(id);
    }

    /** The staff members the context named, in id order. */
    public List<String> staffIds() {
        return staffInOrder.stream().map(StaffTimeline::id).toList();
    }

    /** Whether the context knows the staff member (a request naming another is the caller's 422). */
    public boolean knowsStaff(String id) {
        return staff.containsKey(id);
    }

    /** The visit's plan, or every reason it cannot happen now. The services and staff must be known. */
    public Decision decide(VisitRequest request) {
        List<PlannedSegment> plan = new ArrayList<>();
        List<Reason> reasons = new ArrayList<>();
        long start = request.startsAt().toEpochMilli();
        for (int i = 0; i < request.segments().size(); i++) {
            VisitRequest.Segment segment = request.segments().get(i);
            StaffTimeline member = staff.get(segment.staffId());
            Terms terms = segment.kept() != null ? segment.kept() : services.get(segment.serviceId()).terms();
            int refused = evaluate(member, segment.serviceId(), terms, start, i == 0);
            if (refused != 0) {
                describe(refused, member, terms, start, reasons);
            }
            long end = start + terms.length();
            int day = days.indexOf(start);
            plan.add(new PlannedSegment(segment.serviceId(), segment.staffId(), Instant.ofEpochMilli(start),
                    Instant.ofEpochMilli(end), terms, Instant.ofEpochMilli(start - terms.before()),
                    Instant.ofEpochMilli(end + terms.after()), days.date(day), Instant.ofEpochMilli(days.start(day)),
                    Instant.ofEpochMilli(days.end(day))));
            start = end;
        }
        return reasons.isEmpty() ? new Decision.Plan(List.copyOf(plan)) : new Decision.Refusal(List.copyOf(reasons));
    }

    /**
     * Every start on {@code grid} in {@code [from, to)} at which the rules accept {@code serviceId} with a staff
     * member (only {@code staffId}'s when not null), in staff id order and by start within each: {@link #decide}'s
     * rules for each start, asked only where the member's hours are set (a member without hours is never offered)
     * and not before now plus the notice.
     */
    public void freeStarts(String serviceId, String staffId, Grid grid, long from, long to, SlotSink sink) {
        Terms terms = services.get(serviceId).terms();
        long length = terms.length();
        // the search never offers a start in the past: the grace is for a booking of a slot offered a moment ago
        long first = Math.max(from, now + policy.minNoticeMinutes() * Terms.MINUTE);
        long last = Math.min(to - 1, latest);
        for (int index = 0; index < staffInOrder.size(); index++) {
            StaffTimeline member = staffInOrder.get(index);
            if (staffId != null && !staffId.equals(member.id()) || !member.calendar.performs(serviceId)) {
                continue;
            }
            for (int s = 0; s < member.set.size(); s++) {
                long lastStart = Math.min(member.set.end(s) - length, last);
                for (long start = grid.firstAtOrAfter(Math.max(member.set.start(s), first)); start <= lastStart;
                        start = grid.after(start)) {
                    if (evaluate(member, serviceId, terms, start, true) == 0) {
                        sink.add(start, member.id());
                    }
                }
            }
        }
    }

    /** The start times a search offers: a grid of local times. */
    public interface Grid {

        long firstAtOrAfter(long t);

        long after(long start);
    }

    /** Where the search puts each start it offers. */
    public interface SlotSink {

        void add(long start, String staffId);
    }

    /**
     * The reasons (a mask of {@link ReasonCode#bit()}) one segment cannot be at {@code start}: the one function every
     * decision and every offered slot goes through. {@code first}: the segment starts the visit, whose start the
     * booking window applies to.
     */
    private int evaluate(StaffTimeline member, String serviceId, Terms terms, long start, boolean first) {
        long end = start + terms.length();
        int refused = 0;
        if (first && (start < earliest || start > latest)) {
            refused |= ReasonCode.OUTSIDE_BOOKING_WINDOW.bit();
        }
        if (closed.overlaps(start, end)) {
            refused |= ReasonCode.CLOSED.bit();
        }
        if (!member.bookable.contains(start, end)) {
            refused |= ReasonCode.OUTSIDE_WORKING_HOURS.bit();
        }
        if (member.timeOff.overlaps(start, end)) {
            refused |= ReasonCode.TIME_OFF.bit();
        }
        if (!member.calendar.performs(serviceId)) {
            refused |= ReasonCode.SERVICE_NOT_OFFERED.bit();
        }
        if (member.occupied.overlaps(start - terms.before(), end + terms.after())) {
            refused |= ReasonCode.BOOKED.bit();
        }
        Integer limit = policy.maxAppointmentsPerStaffPerDay();
        int day = days.indexOf(start);
        if (limit != null && day >= 0 && member.perDay[day] >= limit) {
            refused |= ReasonCode.DAILY_LIMIT_REACHED.bit();
        }
        return refused;
    }

    /** Each reason of {@code refused}, in words, in the order of {@link ReasonCode}. */
    private void describe(int refused, StaffTimeline member, Terms terms, long start, List<Reason> reasons) {
        long end = start + terms.length();
        if ((refused & ReasonCode.OUTSIDE_BOOKING_WINDOW.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.OUTSIDE_BOOKING_WINDOW, windowDetail(start), null));
        }
        if ((refused & ReasonCode.CLOSED.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.CLOSED, "the business is closed on " + closedDates(start, end), null));
        }
        if ((refused & ReasonCode.OUTSIDE_WORKING_HOURS.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.OUTSIDE_WORKING_HOURS, "the staff member does not work for the whole of "
                    + clock(start) + "–" + clock(end) + " on " + days.date(days.indexOf(start)), null));
        }
        if ((refused & ReasonCode.TIME_OFF.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.TIME_OFF, "the staff member is on time off during this time", null));
        }
        if ((refused & ReasonCode.SERVICE_NOT_OFFERED.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.SERVICE_NOT_OFFERED, "the staff member does not perform this service",
                    null));
        }
        if ((refused & ReasonCode.BOOKED.bit()) != 0) {
            long from = start - terms.before();
            long until = end + terms.after();
            for (BookedTime other : member.appointments) {
                if (other.occupiedFrom() < until && from < other.occupiedUntil()) {
                    reasons.add(new Reason(ReasonCode.BOOKED, "appointment " + other.appointmentId()
                            + " takes the staff member from " + clock(other.occupiedFrom()) + " to "
                            + clock(other.occupiedUntil()) + " (buffers included), which this time with its buffers ("
                            + clock(from) + "–" + clock(until) + ") overlaps", other.appointmentId()));
                }
            }
        }
        if ((refused & ReasonCode.DAILY_LIMIT_REACHED.bit()) != 0) {
            int day = days.indexOf(start);
            reasons.add(dailyLimitReached(member.perDay[day], days.date(day)));
        }
    }

    /** The reason a day with {@code count} appointments is full. */
    public static Reason dailyLimitReached(long count, LocalDate day) {
        return new Reason(ReasonCode.DAILY_LIMIT_REACHED, "the staff member has " + count + " appointments on " + day
                + ", the most the booking policy allows", null);
    }

    private String windowDetail(long start) {
        if (start < now - PAST_GRACE) {
            return "the start is in the past";
        }
        if (start < earliest) {
            return "bookings must start at least " + policy.minNoticeMinutes() + " minutes from now";
        }
        return "bookings may start at most " + policy.maxAdvanceDays() + " days from now";
    }

    private String closedDates(long start, long end) {
        List<String> dates = new ArrayList<>();
        for (int day = days.indexOf(start); day >= 0 && day < days.count() && days.start(day) < end; day++) {
            if (closed.overlaps(days.start(day), days.end(day))) {
                dates.add(days.date(day).toString());
            }
        }
        return String.join(", ", dates);
    }

    /** A local wall-clock time, HH:MM. */
    private String clock(long t) {
        return Instant.ofEpochMilli(t).atZone(days.zone()).format(CLOCK);
    }
}
