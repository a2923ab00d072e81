package dev.slotwise.appointment.rules;

import dev.slotwise.appointment.rules.BookingContext.ResourceRef;
import dev.slotwise.appointment.rules.BookingContext.Policy;
import dev.slotwise.appointment.rules.BookingContext.ServiceTerms;
import dev.slotwise.appointment.rules.BookingContext.StaffCalendar;
import dev.slotwise.appointment.rules.Decision.PlannedSegment;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
    private static final String NO_LOCATION = "";

    private final Policy policy;
    private final Map<String, ServiceTerms> services = new HashMap<>();
    private final Map<String, StaffTimeline> staff = new HashMap<>();
    private final List<StaffTimeline> staffInOrder = new ArrayList<>();
    /** The tenant's local days (for the details of a segment nobody could take). */
    private final LocalDays days;
    /** The active resources by type and location ({@link #NO_LOCATION} for none), each list by id. */
    private final Map<String, Map<String, List<String>>> resources = new HashMap<>();
    /** The time each resource is taken, by booked and no-show appointments and live holds (buffers included). */
    private final Map<String, Spans> resourceTaken = new HashMap<>();
    private final long now;
    private final long earliest;
    private final long latest;

    private RuleBook(BookingContext context, List<BookedTime> booked, List<ResourceTime> resourceTimes, ZoneId zone,
            Instant now, Window window) {
        this.policy = context.policy() == null ? Policy.DEFAULT : context.policy();
        this.days = new LocalDays(zone, window.from(), window.to());
        Map<ZoneId, LocalDays> daysByZone = new HashMap<>();
        daysByZone.put(zone, days);
        this.now = now.toEpochMilli();
        this.earliest = policy.minNoticeMinutes() == 0 ? this.now - PAST_GRACE
                : this.now + policy.minNoticeMinutes() * Terms.MINUTE;
        this.latest = policy.maxAdvanceDays() == null ? Long.MAX_VALUE : this.now + policy.maxAdvanceDays() * DAY;
        context.services().forEach(service -> services.put(service.id(), service));
        for (ResourceRef resource : context.resources()) {
            resources.computeIfAbsent(resource.type(), type -> new HashMap<>())
                    .computeIfAbsent(locationKey(resource.locationId()), location -> new ArrayList<>())
                    .add(resource.id());
        }
        resources.values().forEach(byLocation -> byLocation.values().forEach(ids -> ids.sort(String::compareTo)));
        Map<String, Spans.Builder> taken = new HashMap<>();
        for (ResourceTime time : resourceTimes) {
            if (time.occupiedUntil() > time.occupiedFrom()) {
                taken.computeIfAbsent(time.resourceId(), id -> new Spans.Builder())
                        .add(time.occupiedFrom(), time.occupiedUntil());
            }
        }
        taken.forEach((id, spans) -> resourceTaken.put(id, spans.build()));
        Map<String, List<BookedTime>> byStaff = new HashMap<>();
        booked.forEach(time -> byStaff.computeIfAbsent(time.staffId(), id -> new ArrayList<>()).add(time));
        List<StaffCalendar> calendars = new ArrayList<>(context.staff());
        calendars.sort((a, b) -> a.id().compareTo(b.id()));
        for (StaffCalendar calendar : calendars) {
            LocalDays memberDays = calendar.timeZone() == null ? days : daysByZone.computeIfAbsent(
                    ZoneId.of(calendar.timeZone()), memberZone -> new LocalDays(memberZone, window.from(), window.to()));
            StaffTimeline timeline = new StaffTimeline(calendar, memberDays, context.closures(),
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
        return new RuleBook(context, booked, List.of(), zone, now, window);
    }

    /**
     * The same, with the time the resources are taken ({@code resourceTimes}: what there is of it in the window,
     * without the appointment being moved, if any).
     */
    public static RuleBook of(BookingContext context, List<BookedTime> booked, List<ResourceTime> resourceTimes,
            ZoneId zone, Instant now, Window window) {
        return new RuleBook(context, booked, resourceTimes, zone, now, window);
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

    /**
     * The visit's plan, or every reason it cannot happen now. The services and the staff named must be known; a
     * segment without a staff member is given one by {@link #assign} (CONTRACT §16), and refused when nobody can take
     * it. One refused segment refuses the whole visit.
     */
    public Decision decide(VisitRequest request) {
        List<PlannedSegment> plan = new ArrayList<>();
        List<Reason> reasons = new ArrayList<>();
        // where the visit takes place: its first segment's staff member's location (an assigned segment stays there)
        StaffTimeline opening = null;
        Map<String, Long> occupiedUntil = new HashMap<>();
        long start = request.startsAt().toEpochMilli();
        for (int i = 0; i < request.segments().size(); i++) {
            VisitRequest.Segment segment = request.segments().get(i);
            Terms terms = segment.kept() != null ? segment.kept() : services.get(segment.serviceId()).terms();
            boolean first = i == 0;
            String staffId = segment.staffId();
            StaffTimeline member = null;
            if (staffId == null) {
                int assigned = assign(segment.serviceId(), terms, start, first, opening);
                if (assigned < 0) {
                    reasons.add(noneFree(segment.serviceId(), start, terms, first));
                } else {
                    member = staffInOrder.get(assigned);
                    staffId = member.id();
                }
            } else {
                member = staff.get(staffId);
                int refused = evaluate(member, segment.serviceId(), terms, start, first);
                if (refused != 0) {
                    describe(refused, member, segment.serviceId(), terms, start, reasons);
                }
            }
            if (first) {
                opening = member;
            }
            long end = start + terms.length();
            long from = start - terms.before();
            long until = end + terms.after();
            Long earlier = staffId == null ? null : occupiedUntil.get(staffId);
            if (earlier != null) {
                // the same staff member's earlier segment of this visit already occupies up to there
                from = Math.min(Math.max(from, earlier), until);
            }
            if (staffId != null) {
                occupiedUntil.merge(staffId, until, Math::max);
            }
            LocalDays local = member == null ? days : member.days;
            int day = local.indexOf(start);
            List<String> taken = member == null ? List.of()
                    : resourcesFor(member, segment.serviceId(), start - terms.before(), end + terms.after());
            plan.add(new PlannedSegment(segment.serviceId(), staffId, Instant.ofEpochMilli(start),
                    Instant.ofEpochMilli(end), terms, Instant.ofEpochMilli(from), Instant.ofEpochMilli(until),
                    local.date(day), Instant.ofEpochMilli(local.start(day)), Instant.ofEpochMilli(local.end(day)),
                    taken == null ? List.of() : taken, member == null ? null : member.calendar.locationId(),
                    member == null ? null : member.calendar.timeZone()));
            start = end;
        }
        return reasons.isEmpty() ? new Decision.Plan(List.copyOf(plan)) : new Decision.Refusal(List.copyOf(reasons));
    }

    /**
     * Whom Slotwise assigns to one segment when the client leaves the staff member out (CONTRACT §16), as an index
     * into {@link #staffIds()}, or -1 when nobody can: among the staff members who perform the service, have hours
     * set for the whole of it (a member without a schedule is booked only by name) and whom the rules accept at
     * {@code start}, the one with the fewest booked minutes on that local day (appointments not cancelled and live
     * holds, as they stood before this visit), ties by the smallest id in string order. A later segment of a visit
     * ({@code opening}: the staff member of its first segment; null for the first) is given only staff at the same
     * location (CONTRACT §17: a visit takes place in one place). The booking and the search's {@code anyStaff} both
     * ask this, so a slot offered names whom the booking then assigns.
     */
    private int assign(String serviceId, Terms terms, long start, boolean first, StaffTimeline opening) {
        long end = start + terms.length();
        int best = -1;
        long fewest = 0;
        for (int index = 0; index < staffInOrder.size(); index++) {
            StaffTimeline member = staffInOrder.get(index);
            if (opening != null && !Objects.equals(opening.calendar.locationId(), member.calendar.locationId())
                    || !member.calendar.performs(serviceId) || !member.set.contains(start, end)
                    || evaluate(member, serviceId, terms, start, first) != 0) {
                continue;
            }
            int day = member.days.indexOf(start);
            long minutes = day >= 0 ? member.bookedPerDay[day] : 0;
            if (best < 0 || day >= 0 && minutes < fewest) {
                best = index;
                fewest = minutes;
            }
        }
        return best;
    }

    /**
     * Why a segment without a staff member could not be given one: the booking window; else, when a member who
     * performs the service and has hours then is refused for the resources alone, {@code resource_unavailable}; else
     * nobody free.
     */
    private Reason noneFree(String serviceId, long start, Terms terms, boolean first) {
        if (first && (start < earliest || start > latest)) {
            return new Reason(ReasonCode.OUTSIDE_BOOKING_WINDOW, windowDetail(start), null);
        }
        long end = start + terms.length();
        for (StaffTimeline member : staffInOrder) {
            if (member.calendar.performs(serviceId) && member.set.contains(start, end)
                    && evaluate(member, serviceId, terms, start, first) == ReasonCode.RESOURCE_UNAVAILABLE.bit()) {
                return resourceUnavailable(member, serviceId, start - terms.before(), end + terms.after());
            }
        }
        return new Reason(ReasonCode.NO_STAFF_AVAILABLE, "no staff member who performs the service is free for "
                + clock(start) + "–" + clock(start + terms.length()) + " on " + days.date(days.indexOf(start)), null);
    }

    /**
     * Every start on {@code grid} in {@code [from, to)} at which the rules accept {@code serviceId} with a staff
     * member (only {@code staffId}'s when not null), in staff id order and by start within each: a search for a
     * visit of one service ({@link #freeVisits}).
     */
    public void freeStarts(String serviceId, String staffId, Grid grid, long from, long to, SlotSink sink) {
        freeVisits(List.of(serviceId), staffId, false, grid, from, to,
                (start, staffIndexes) -> sink.add(start, staffInOrder.get(staffIndexes[0]).id()));
    }

    /**
     * Every start on {@code grid} in {@code [from, to)} at which the rules accept a visit of {@code serviceIds} (in
     * that order, one after another), never before now plus the notice. {@link #decide}'s rules for each segment,
     * asked only where hours are set (a member without hours is never offered). Two ways to staff it:
     * <ul>
     * <li>{@code anyStaff}: one slot per start, each segment with whom {@link #assign} gives it. The segments start at
     * fixed offsets from the visit's start (their services' lengths), and whether a staff member can take one segment
     * does not depend on who takes another (a visit never stands in its own way), so each segment is assigned on its
     * own: a start costs segments × staff evaluations, never staff to the power of segments;</li>
     * <li>otherwise one slot per start and staff member who can take every segment ({@code staffId}'s only, when not
     * null), in staff id order and by start within each.</li>
     * </ul>
     */
    public void freeVisits(List<String> serviceIds, String staffId, boolean anyStaff, Grid grid, long from, long to,
            VisitSink sink) {
        int n = serviceIds.size();
        Terms[] terms = new Terms[n];
        long[] offsets = new long[n + 1];
        for (int i = 0; i < n; i++) {
            terms[i] = services.get(serviceIds.get(i)).terms();
            offsets[i + 1] = offsets[i] + terms[i].length();
        }
        // the search never offers a start in the past: the grace is for a booking of a slot offered a moment ago
        long first = Math.max(from, now + policy.minNoticeMinutes() * Terms.MINUTE);
        long last = Math.min(to - 1, latest);
        if (anyStaff) {
            Spans.Builder cover = new Spans.Builder();
            for (StaffTimeline member : staffInOrder) {
                if (member.calendar.performs(serviceIds.get(0))) {
                    for (int s = 0; s < member.set.size(); s++) {
                        cover.add(member.set.start(s), member.set.end(s));
                    }
                }
            }
            Spans starts = cover.build();
            for (int s = 0; s < starts.size(); s++) {
                long lastStart = Math.min(starts.end(s) - offsets[1], last);
                for (long start = grid.firstAtOrAfter(Math.max(starts.start(s), first)); start <= lastStart;
                        start = grid.after(start)) {
                    int[] chosen = new int[n];
                    int i = 0;
                    while (i < n && (chosen[i] = assign(serviceIds.get(i), terms[i], start + offsets[i], i == 0,
                            i == 0 ? null : staffInOrder.get(chosen[0]))) >= 0) {
                        i++;
                    }
                    if (i == n) {
                        sink.add(start, chosen);
                    }
                }
            }
            return;
        }
        for (int index = 0; index < staffInOrder.size(); index++) {
            StaffTimeline member = staffInOrder.get(index);
            if (staffId != null && !staffId.equals(member.id())
                    || !serviceIds.stream().allMatch(member.calendar::performs)) {
                continue;
            }
            int[] all = new int[n];
            Arrays.fill(all, index);
            for (int s = 0; s < member.set.size(); s++) {
                long lastStart = Math.min(member.set.end(s) - offsets[n], last);
                for (long start = grid.firstAtOrAfter(Math.max(member.set.start(s), first)); start <= lastStart;
                        start = grid.after(start)) {
                    int i = 0;
                    while (i < n && evaluate(member, serviceIds.get(i), terms[i], start + offsets[i], i == 0) == 0) {
                        i++;
                    }
                    if (i == n) {
                        sink.add(start, all);
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

    /** Where the search for a visit puts each start it offers, with each segment's staff member (its index in {@link #staffIds()}). */
    public interface VisitSink {

        void add(long start, int[] staffIndexes);
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
        if (member.closed.overlaps(start, end)) {
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
        if (member.held.overlaps(start - terms.before(), end + terms.after())) {
            refused |= ReasonCode.HELD.bit();
        }
        Integer limit = policy.maxAppointmentsPerStaffPerDay();
        int day = member.days.indexOf(start);
        if (limit != null && day >= 0 && member.perDay[day] >= limit) {
            refused |= ReasonCode.DAILY_LIMIT_REACHED.bit();
        }
        if (resourcesFor(member, serviceId, start - terms.before(), end + terms.after()) == null) {
            refused |= ReasonCode.RESOURCE_UNAVAILABLE.bit();
        }
        return refused;
    }

    /**
     * The resources a segment of {@code serviceId} with {@code member} takes for {@code [from, until)} (CONTRACT §17):
     * for each type the service requires, the active resource of that type at the member's location (or without a
     * location, when the member has none) with the smallest id that nothing else takes then; empty when the service
     * requires none; null when a type has no such resource free.
     */
    private List<String> resourcesFor(StaffTimeline member, String serviceId, long from, long until) {
        ServiceTerms service = services.get(serviceId);
        if (service == null || service.requiredResourceTypes().isEmpty()) {
            return List.of();
        }
        List<String> chosen = new ArrayList<>(service.requiredResourceTypes().size());
        for (String type : service.requiredResourceTypes()) {
            String free = null;
            for (String id : resourcesOf(type, member.calendar.locationId())) {
                Spans taken = resourceTaken.get(id);
                if (taken == null || !taken.overlaps(from, until)) {
                    free = id;
                    break;
                }
            }
            if (free == null) {
                return null;
            }
            chosen.add(free);
        }
        return chosen;
    }

    private List<String> resourcesOf(String type, String locationId) {
        return resources.getOrDefault(type, Map.of()).getOrDefault(locationKey(locationId), List.of());
    }

    /** A map key for a location, also for none. */
    private static String locationKey(String locationId) {
        return locationId == null ? NO_LOCATION : locationId;
    }

    /** The reason no resource of some type the service requires is free for {@code [from, until)} with the member. */
    private Reason resourceUnavailable(StaffTimeline member, String serviceId, long from, long until) {
        List<String> missing = new ArrayList<>();
        for (String type : services.get(serviceId).requiredResourceTypes()) {
            boolean free = resourcesOf(type, member.calendar.locationId()).stream().anyMatch(id ->
                    !resourceTaken.containsKey(id) || !resourceTaken.get(id).overlaps(from, until));
            if (!free) {
                missing.add(type);
            }
        }
        String where = member.calendar.locationId() == null ? "without a location"
                : "at location " + member.calendar.locationId();
        return new Reason(ReasonCode.RESOURCE_UNAVAILABLE, "no active resource of type " + String.join(", ", missing)
                + " " + where + " is free for " + clock(from, member) + "–" + clock(until, member)
                + " (buffers included)", null);
    }

    /** Each reason of {@code refused}, in words, in the order of {@link ReasonCode}. */
    private void describe(int refused, StaffTimeline member, String serviceId, Terms terms, long start,
            List<Reason> reasons) {
        long end = start + terms.length();
        if ((refused & ReasonCode.OUTSIDE_BOOKING_WINDOW.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.OUTSIDE_BOOKING_WINDOW, windowDetail(start), null));
        }
        if ((refused & ReasonCode.CLOSED.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.CLOSED, "the business is closed on " + closedDates(member, start, end),
                    null));
        }
        if ((refused & ReasonCode.OUTSIDE_WORKING_HOURS.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.OUTSIDE_WORKING_HOURS, "the staff member does not work for the whole of "
                    + clock(start, member) + "–" + clock(end, member) + " on "
                    + member.days.date(member.days.indexOf(start)), null));
        }
        if ((refused & ReasonCode.TIME_OFF.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.TIME_OFF, "the staff member is on time off during this time", null));
        }
        if ((refused & ReasonCode.SERVICE_NOT_OFFERED.bit()) != 0) {
            reasons.add(new Reason(ReasonCode.SERVICE_NOT_OFFERED, "the staff member does not perform this service",
                    null));
        }
        if ((refused & (ReasonCode.BOOKED.bit() | ReasonCode.HELD.bit())) != 0) {
            long from = start - terms.before();
            long until = end + terms.after();
            for (BookedTime other : member.appointments) {
                if (other.occupiedFrom() < until && from < other.occupiedUntil()) {
                    reasons.add(other.held()
                            ? new Reason(ReasonCode.HELD, "a hold takes the staff member from "
                                    + clock(other.occupiedFrom(), member) + " to " + clock(other.occupiedUntil(), member)
                                    + " (buffers included) until it expires or is released, which this time with its "
                                    + "buffers (" + clock(from, member) + "–" + clock(until, member) + ") overlaps", null)
                            : new Reason(ReasonCode.BOOKED, "appointment " + other.ownerId()
                                    + " takes the staff member from " + clock(other.occupiedFrom(), member) + " to "
                                    + clock(other.occupiedUntil(), member) + " (buffers included), which this time with its "
                                    + "buffers (" + clock(from, member) + "–" + clock(until, member) + ") overlaps", other.ownerId()));
                }
            }
        }
        if ((refused & ReasonCode.DAILY_LIMIT_REACHED.bit()) != 0) {
            int day = member.days.indexOf(start);
            reasons.add(dailyLimitReached(member.perDay[day], member.days.date(day)));
        }
        if ((refused & ReasonCode.RESOURCE_UNAVAILABLE.bit()) != 0) {
            reasons.add(resourceUnavailable(member, serviceId, start - terms.before(), end + terms.after()));
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

    private static String closedDates(StaffTimeline member, long start, long end) {
        LocalDays local = member.days;
        List<String> dates = new ArrayList<>();
        for (int day = local.indexOf(start); day >= 0 && day < local.count() && local.start(day) < end; day++) {
            if (member.closed.overlaps(local.start(day), local.end(day))) {
                dates.add(local.date(day).toString());
            }
        }
        return String.join(", ", dates);
    }

    /** A local wall-clock time of the tenant's zone, HH:MM. */
    private String clock(long t) {
        return Instant.ofEpochMilli(t).atZone(days.zone()).format(CLOCK);
    }

    /** A local wall-clock time of the member's zone, HH:MM. */
    private static String clock(long t, StaffTimeline member) {
        return Instant.ofEpochMilli(t).atZone(member.days.zone()).format(CLOCK);
    }
}
