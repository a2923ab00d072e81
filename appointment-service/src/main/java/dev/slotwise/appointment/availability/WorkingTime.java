package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.reference.StaffSchedule;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A staff member's weekly hours turned into instants: each range is a wall-clock time of a day in the tenant's time
 * zone, so on a day the clocks change a 09:00–17:00 range still starts at nine and ends at five, local time, and
 * lasts seven or nine hours when the change falls inside it. A range whose start falls in the hour the clocks skip
 * starts when the clocks resume. Ranges that touch (one ending when the next begins, or 24:00 and 00:00 of the next
 * day) make one stretch of work.
 */
final class WorkingTime {

    private static final String END_OF_DAY = "24:00";

    private WorkingTime() {
    }

    /** The merged stretches of work that overlap {@code [from, to)}. */
    static List<Interval> between(List<StaffSchedule.WeeklyRange> weekly, ZoneId zone, Instant from, Instant to) {
        long fromMs = from.toEpochMilli();
        long toMs = to.toEpochMilli();
        List<List<Range>> byDay = byDay(weekly);
        List<Interval> stretches = new ArrayList<>();
        LocalDate last = to.atZone(zone).toLocalDate();
        for (LocalDate day = from.atZone(zone).toLocalDate().minusDays(1); !day.isAfter(last); day = day.plusDays(1)) {
            for (Range range : byDay.get(day.getDayOfWeek().ordinal())) {
                Instant start = ZonedDateTime.of(day, range.start(), zone).toInstant();
                Instant end = range.end() == null ? day.plusDays(1).atStartOfDay(zone).toInstant()
                        : ZonedDateTime.of(day, range.end(), zone).toInstant();
                if (end.isAfter(start)) {
                    stretches.add(Interval.of(start, end));
                }
            }
        }
        return Interval.merged(stretches).stream().filter(stretch -> stretch.overlaps(fromMs, toMs)).toList();
    }

    /** A range read once: its end null for 24:00, the end of the day. */
    private record Range(LocalTime start, LocalTime end) {
    }

    /** The ranges of each day of the week, Monday first, each read once rather than once per date searched. */
    private static List<List<Range>> byDay(List<StaffSchedule.WeeklyRange> weekly) {
        List<List<Range>> byDay = new ArrayList<>();
        for (int day = 0; day < 7; day++) {
            byDay.add(new ArrayList<>());
        }
        for (StaffSchedule.WeeklyRange range : weekly) {
            DayOfWeek day = DayOfWeek.valueOf(range.day().toUpperCase(Locale.ROOT));
            byDay.get(day.ordinal()).add(new Range(timeOf(range.start()),
                    END_OF_DAY.equals(range.end()) ? null : timeOf(range.end())));
        }
        return byDay;
    }

    /** HH:MM, as catalog-staff-service checked it. */
    private static LocalTime timeOf(String hhmm) {
        return LocalTime.of(Integer.parseInt(hhmm, 0, 2, 10), Integer.parseInt(hhmm, 3, 5, 10));
    }
}
