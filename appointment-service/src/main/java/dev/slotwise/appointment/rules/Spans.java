package dev.slotwise.appointment.rules;

import java.util.Arrays;

/**
 * Disjoint, ordered half-open spans of time {@code [start, end)} in epoch milliseconds, kept as one array of
 * {@code start0, end0, start1, end1, …} so that the questions the rules ask of thousands of them are binary searches
 * over primitives. Built by {@link Builder}, which joins spans that overlap or touch.
 */
final class Spans {

    static final Spans NONE = new Spans(new long[0]);

    private final long[] bounds;

    private Spans(long[] bounds) {
        this.bounds = bounds;
    }

    int size() {
        return bounds.length / 2;
    }

    long start(int i) {
        return bounds[2 * i];
    }

    long end(int i) {
        return bounds[2 * i + 1];
    }

    /** The index of the last span starting at or before {@code t}, or -1. */
    private int lastStartingAtOrBefore(long t) {
        int low = 0;
        int high = size() - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (start(mid) <= t) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }

    /** Whether one span holds all of {@code [from, to)}. */
    boolean contains(long from, long to) {
        int i = lastStartingAtOrBefore(from);
        return i >= 0 && end(i) >= to;
    }

    /** Whether any span shares time with {@code [from, to)}. */
    boolean overlaps(long from, long to) {
        if (from >= to) {
            return false;
        }
        int i = lastStartingAtOrBefore(to - 1);
        return i >= 0 && end(i) > from;
    }

    /** Collects spans in any order and joins those that overlap or touch. */
    static final class Builder {

        private long[] bounds = new long[16];
        private int count;

        Builder add(long start, long end) {
            if (end > start) {
                if (2 * count + 2 > bounds.length) {
                    bounds = Arrays.copyOf(bounds, bounds.length * 2);
                }
                bounds[2 * count] = start;
                bounds[2 * count + 1] = end;
                count++;
            }
            return this;
        }

        Spans build() {
            if (count == 0) {
                return NONE;
            }
            Integer[] order = new Integer[count];
            boolean sorted = true;
            for (int i = 0; i < count; i++) {
                order[i] = i;
                sorted &= i == 0 || bounds[2 * i] >= bounds[2 * i - 2];
            }
            if (!sorted) {
                Arrays.sort(order, (a, b) -> Long.compare(bounds[2 * a], bounds[2 * b]));
            }
            long[] joined = new long[2 * count];
            int n = 0;
            for (int k = 0; k < count; k++) {
                long start = bounds[2 * order[k]];
                long end = bounds[2 * order[k] + 1];
                if (n > 0 && start <= joined[2 * n - 1]) {
                    joined[2 * n - 1] = Math.max(joined[2 * n - 1], end);
                } else {
                    joined[2 * n] = start;
                    joined[2 * n + 1] = end;
                    n++;
                }
            }
            return new Spans(Arrays.copyOf(joined, 2 * n));
        }
    }
}
