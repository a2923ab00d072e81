package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.rules.RuleBook;

import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;

/**
 * The start times offered, in epoch milliseconds: every {@code minutes} from each full hour of the tenant's wall clock
 * (15: :00, :15, :30, :45; 25: :00, :25, :50), so slots line up with the local hour in zones whose offset is not whole
 * hours too. Plain arithmetic on the zone's offset at each instant, so a search of thousands of slots creates no
 * date-time objects per slot.
 */
final class SlotGrid implements RuleBook.Grid {

    private static final long HOUR = 3_600_000L;
    private static final long MINUTE = 60_000L;
    /** Enough to reach the grid from anywhere, even across a clock change of a fraction of an hour. */
    private static final int MAX_ALIGNMENT_STEPS = 4;

    private final ZoneRules rules;
    private final int minutes;
    private final long slot;
    /** The offset last read, and the span [{@code offsetFrom}, {@code offsetUntil}) in which the zone keeps it. */
    private long offset;
    private long offsetFrom = Long.MAX_VALUE;
    private long offsetUntil = Long.MIN_VALUE;

    SlotGrid(ZoneId zone, int minutes) {
        this.rules = zone.getRules();
        this.minutes = minutes;
        this.slot = minutes * MINUTE;
    }

    /** The first start on the grid at or after {@code t}. */
    @Override
    public long firstAtOrAfter(long t) {
        long candidate = t;
        for (int step = 0; step < MAX_ALIGNMENT_STEPS && !onGrid(candidate); step++) {
            long intoHour = Math.floorMod(candidate + offset(candidate), HOUR);
            long slotsIn = (intoHour + slot - 1) / slot;
            candidate = slotsIn * minutes >= 60 ? candidate - intoHour + HOUR : candidate - intoHour + slotsIn * slot;
        }
        return candidate;
    }

    /** The start on the grid after {@code start}, which is on it. */
    @Override
    public long after(long start) {
        long next = start + slot;
        return onGrid(next) ? next : firstAtOrAfter(start + MINUTE);
    }

    private boolean onGrid(long t) {
        return Math.floorMod(Math.floorMod(t + offset(t), HOUR), slot) == 0;
    }

    /** The zone's offset at {@code t}, looked up again only when {@code t} leaves the span between two clock changes. */
    private long offset(long t) {
        if (t < offsetFrom || t >= offsetUntil) {
            Instant at = Instant.ofEpochMilli(t);
            offset = rules.getOffset(at).getTotalSeconds() * 1000L;
            ZoneOffsetTransition previous = rules.previousTransition(at.plusMillis(1));
            ZoneOffsetTransition next = rules.nextTransition(at);
            offsetFrom = previous == null ? Long.MIN_VALUE : previous.toEpochSecond() * 1000L;
            offsetUntil = next == null ? Long.MAX_VALUE : next.toEpochSecond() * 1000L;
        }
        return offset;
    }
}
