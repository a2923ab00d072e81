package dev.slotwise.appointment.rules;

import dev.slotwise.appointment.rules.BookingContext.ClosedDay;
import dev.slotwise.appointment.rules.BookingContext.DateOverride;
import dev.slotwise.appointment.rules.BookingContext.DayRange;
import dev.slotwise.appointment.rules.BookingContext.Period;
import dev.slotwise.appointment.rules.BookingContext.StaffCalendar;
import dev.slotwise.appointment.rules.BookingContext.WeeklyRange;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One staff member's calendar over the days of a decision or a search, turned into spans of instants once:
 * <ul>
 * <li>when they work: on each local day, that date's override if there is one, else the weekly ranges of its week
 * day — wall-clock times, so a 09:00–17:00 day still starts at nine and ends at five when the clocks change that day
 * (a start in the hour the clocks skip is when they resume); a member without weekly hours works at any time on a
 * day without an override ({@link #bookable}), but is offered by the search only where hours are set ({@link #set});
 * ranges that touch, across midnight too, make one stretch;</li>
 * <li>their time off; the time their appointments and live holds occupy (buffers included); per day, the
 * appointments and holds that count toward the limit (each once), and their booked minutes.</li>
 * </ul>
 */
final class StaffTimeline {

    private static final String END_OF_DAY = "24:00";

    final StaffCalendar calendar;
    /** The local days of the member's time zone (their location's, else the tenant's). */
    final LocalDays days;
    /** The local days of their zone on which the business, or their location, is closed. */
    final Spans closed;
    /** Where hours are set (weekly or by override): the stretches the availability search offers starts in. */
    final Spans set;
    /** Where a booking may be: {@link #set}, plus every day without hours of a member who has no weekly hours. */
    final Spans bookable;
    final Spans timeOff;
    /** The time booked appointments occupy (buffers included), and the time live holds do. */
    final Spans occupied;
    final Spans held;
    /** The appointments and holds that occupy time, for naming those in the way. */
    final List<BookedTime> appointments;
    /** Per local day, the appointments that count toward the daily limit. */
    final int[] perDay;
    /** Per local day, the booked time (milliseconds, without buffers) that counts toward it: any-staff weighs it. */
    final long[] bookedPerDay;

    StaffTimeline(StaffCalendar calendar, LocalDays days, List<ClosedDay> closures, List<BookedTime> booked) {
        this.calendar = calendar;
        this.days = days;
        Spans.Builder closedDays = new Spans.Builder();
        for (ClosedDay closure : closures) {
            int index = closure.locationId() == null || closure.locationId().equals(calendar.locationId())
                    ? days.indexOf(closure.date()) : -1;
            if (index >= 0) {
                closedDays.add(days.start(index), days.end(index));
            }
        }
        this.closed = closedDays.build();
        Map<LocalDate, List<DayRange>> overrides = new HashMap<>();
        for (DateOverride override : calendar.dateOverrides()) {
            overrides.put(override.date(), override.ranges());
        }
        List<List<DayRange>> weekly = weeklyByDay(calendar.weekly());
        boolean anyTime = calendar.weekly().isEmpty();
        Spans.Builder set = new Spans.Builder();
        Spans.Builder bookable = new Spans.Builder();
        for (int day = 0; day < days.count(); day++) {
            LocalDate date = days.date(day);
            List<DayRange> ranges = overrides.get(date);
            if (ranges == null && anyTime) {
                bookable.add(days.start(day), days.end(day));
                continue;
            }
            if (ranges == null) {
                ranges = weekly.get(date.getDayOfWeek().ordinal());
            }
            for (DayRange range : ranges) {
                long start = ZonedDateTime.of(date, timeOf(range.start()), days.zone()).toInstant().toEpochMilli();
                long end = END_OF_DAY.equals(range.end()) ? days.end(day)
                        : ZonedDateTime.of(date, timeOf(range.end()), days.zone()).toInstant().toEpochMilli();
                set.add(start, end);
                bookable.add(start, end);
            }
        }
        this.set = set.build();
        this.bookable = bookable.build();
        Spans.Builder away = new Spans.Builder();
        for (Period period : calendar.timeOff()) {
            away.add(period.startsAt().toEpochMilli(), period.endsAt().toEpochMilli());
        }
        this.timeOff = away.build();
        Spans.Builder taken = new Spans.Builder();
        Spans.Builder heldBuilder = new Spans.Builder();
        List<BookedTime> occupying = new ArrayList<>();
        int[] counts = new int[days.count()];
        long[] minutes = new long[days.count()];
        // the day each owner was first counted on: an owner's segments almost always share one day, so the key is its
        // id alone (no key made per segment); an owner seen on a second day is counted there through daysCounted
        Map<String, Integer> firstCounted = new HashMap<>();
        Set<String> daysCounted = new HashSet<>();
        for (BookedTime time : booked) {
            if (time.occupies()) {
                (time.held() ? heldBuilder : taken).add(time.occupiedFrom(), time.occupiedUntil());
                occupying.add(time);
            }
            int day = time.counts() ? days.indexOf(time.startsAt()) : -1;
            if (day >= 0) {
                minutes[day] += time.endsAt() - time.startsAt();
                Integer first = firstCounted.putIfAbsent(time.ownerId(), day);
                if (first == null || first != day && daysCounted.add(day + "/" + time.ownerId())) {
                    counts[day]++;
                }
            }
        }
        this.occupied = taken.build();
        this.held = heldBuilder.build();
        this.appointments = occupying;
        this.perDay = counts;
        this.bookedPerDay = minutes;
    }

    String id() {
        return calendar.id();
    }

    /** The ranges of each day of the week, Monday first, each read once rather than once per date. */
    private static List<List<DayRange>> weeklyByDay(List<WeeklyRange> weekly) {
        List<List<DayRange>> byDay = new ArrayList<>();
        for (int day = 0; day < 7; day++) {
            byDay.add(new ArrayList<>());
        }
        for (WeeklyRange range : weekly) {
            DayOfWeek day = DayOfWeek.valueOf(range.day().toUpperCase(Locale.ROOT));
            byDay.get(day.ordinal()).add(new DayRange(range.start(), range.end()));
        }
        return byDay;
    }

    /** HH:MM, as catalog-staff-service checked it ({@code 24:00} is handled by the caller). */
    private static LocalTime timeOf(String hhmm) {
        return LocalTime.of(Integer.parseInt(hhmm, 0, 2, 10), Integer.parseInt(hhmm, 3, 5, 10));
    }
}
