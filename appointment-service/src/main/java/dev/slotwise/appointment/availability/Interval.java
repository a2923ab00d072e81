package dev.slotwise.appointment.availability;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A half-open stretch of time {@code [start, end)}. */
record Interval(Instant start, Instant end) {

    boolean overlaps(Instant otherStart, Instant otherEnd) {
        return start.isBefore(otherEnd) && otherStart.isBefore(end);
    }

    boolean contains(Instant otherStart, Instant otherEnd) {
        return !otherStart.isBefore(start) && !otherEnd.isAfter(end);
    }

    /** The intervals ordered by start, with those that overlap or touch joined into one. */
    static List<Interval> merged(List<Interval> intervals) {
        List<Interval> ordered = new ArrayList<>(intervals);
        ordered.sort(Comparator.comparing(Interval::start));
        List<Interval> merged = new ArrayList<>();
        for (Interval next : ordered) {
            Interval last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && !next.start().isAfter(last.end())) {
                if (next.end().isAfter(last.end())) {
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
            Instant cursor = piece.start();
            while (first < taken.size() && !taken.get(first).end().isAfter(cursor)) {
                first++;
            }
            for (int k = first; k < taken.size() && taken.get(k).start().isBefore(piece.end()); k++) {
                Interval busyPart = taken.get(k);
                if (busyPart.start().isAfter(cursor)) {
                    remaining.add(new Interval(cursor, busyPart.start()));
                }
                if (busyPart.end().isAfter(cursor)) {
                    cursor = busyPart.end();
                }
            }
            if (cursor.isBefore(piece.end())) {
                remaining.add(new Interval(cursor, piece.end()));
            }
        }
        return remaining;
    }
}
