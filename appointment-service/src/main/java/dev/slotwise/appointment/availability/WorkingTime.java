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
        List<Interval> stretches = new ArrayList<>();
        LocalDate last = to.atZone(zone).toLocalDate();
        for (LocalDate day = from.atZone(zone).toLocalDate().minusDays(1); !day.isAfter(last); day = day.plusDays(1)) {
            for (StaffSchedule.WeeklyRange range : weekly) {
                if (dayOf(range) != day.getDayOfWeek()) {
                    continue;
                }
                Instant start = ZonedDateTime.of(day, LocalTime.parse(range.start()), zone).toInstant();
                Instant end = END_OF_DAY.equals(range.end())
                        ? day.plusDays(1).atStartOfDay(zone).toInstant()
                        : ZonedDateTime.of(day, LocalTime.parse(range.end()), zone).toInstant();
                if (end.isAfter(start)) {
                    stretches.add(new Interval(start, end));
                }
            }
        }
        return Interval.merged(stretches).stream().filter(stretch -> stretch.overlaps(from, to)).toList();
    }

    private static DayOfWeek dayOf(StaffSchedule.WeeklyRange range) {
        return DayOfWeek.valueOf(range.day().toUpperCase(Locale.ROOT));
    }
}
