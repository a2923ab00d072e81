package dev.slotwise.appointment.availability;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A half-open stretch of time {@code [start, end)} in epoch milliseconds: every time the API stores has millisecond
 * precision, and a search over thousands of them stays in primitive arithmetic.
 */
record Interval(long start, long end) {

    static Interval of(Instant start, Instant end) {
        return new Interval(start.toEpochMilli(), end.toEpochMilli());
    }

    boolean overlaps(long otherStart, long otherEnd) {
        return start < otherEnd && otherStart < end;
    }

    boolean contains(long otherStart, long otherEnd) {
        return otherStart >= start && otherEnd <= end;
    }

    /** The intervals ordered by start, with those that overlap or touch joined into one. */
    static List<Interval> merged(List<Interval> intervals) {
        List<Interval> ordered = new ArrayList<>(intervals);
        ordered.sort(Comparator.comparingLong(Interval::start));
        List<Interval> merged = new ArrayList<>();
        for (Interval next : ordered) {
            Interval last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && next.start() <= last.end()) {
                if (next.end() > last.end()) {
                    merged.set(merged.size() - 1, new Interval(last.start(), next.end()));
                }
            } else {
                merged.add(next);
            }
        }
        return merged;
    }

    /** {@code free} (ordered, disjoint) without any time of {@code busy}, in one sweep over both. */
    static List<Interval> without(List<Interval> free, List<Interval> busy) {
        List<Interval> taken = merged(busy);
        List<Interval> remaining = new ArrayList<>(free.size());
        int first = 0;
        for (Interval piece : free) {
            long cursor = piece.start();
            while (first < taken.size() && taken.get(first).end() <= cursor) {
                first++;
            }
            for (int k = first; k < taken.size() && taken.get(k).start() < piece.end(); k++) {
                Interval busyPart = taken.get(k);
                if (busyPart.start() > cursor) {
                    remaining.add(new Interval(cursor, busyPart.start()));
                }
                cursor = Math.max(cursor, busyPart.end());
            }
            if (cursor < piece.end()) {
                remaining.add(new Interval(cursor, piece.end()));
            }
        }
        return remaining;
    }
}
