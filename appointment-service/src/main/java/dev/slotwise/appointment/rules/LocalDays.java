package dev.slotwise.appointment.rules;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The local days of a time zone that a window of time touches, with the instant each begins: the business's calendar
 * (CONTRACT §15: closures, overrides and the daily limit are by local day, and a day is 23 or 25 hours long when the
 * clocks change). Finding the day of an instant is a binary search, not a time-zone calculation.
 */
final class LocalDays {

    private final ZoneId zone;
    private final LocalDate first;
    /** {@code starts[i]} is when day {@code first + i} begins; the last entry ends the last day. */
    private final long[] starts;

    /** The days from the one holding {@code from} (one earlier) to the one holding {@code to} (one later). */
    LocalDays(ZoneId zone, long from, long to) {
        this.zone = zone;
        this.first = Instant.ofEpochMilli(from).atZone(zone).toLocalDate().minusDays(1);
        LocalDate last = Instant.ofEpochMilli(to).atZone(zone).toLocalDate().plusDays(1);
        int days = (int) (last.toEpochDay() - first.toEpochDay()) + 1;
        starts = new long[days + 1];
        for (int i = 0; i <= days; i++) {
            starts[i] = first.plusDays(i).atStartOfDay(zone).toInstant().toEpochMilli();
        }
    }

    ZoneId zone() {
        return zone;
    }

    int count() {
        return starts.length - 1;
    }

    LocalDate date(int day) {
        return first.plusDays(day);
    }

    long start(int day) {
        return starts[day];
    }

    long end(int day) {
        return starts[day + 1];
    }

    /** The day of {@code date}, or -1 when it is not among these days. */
    int indexOf(LocalDate date) {
        long index = date.toEpochDay() - first.toEpochDay();
        return index >= 0 && index < count() ? (int) index : -1;
    }

    /** The day holding {@code t}, or -1 when it is not among these days. */
    int indexOf(long t) {
        if (t < starts[0] || t >= starts[starts.length - 1]) {
            return -1;
        }
        int low = 0;
        int high = count() - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (starts[mid] <= t) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }
}
