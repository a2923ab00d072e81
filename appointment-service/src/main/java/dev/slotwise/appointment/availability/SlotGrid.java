package dev.slotwise.appointment.availability;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;

/**
 * The start times offered: every {@code minutes} from each full hour of the tenant's wall clock (15: :00, :15, :30,
 * :45; 25: :00, :25, :50), so slots line up with the local hour in zones whose offset is not whole hours too.
 */
record SlotGrid(ZoneId zone, int minutes) {

    /** Enough to reach the grid from anywhere, even across a clock change of a fraction of an hour. */
    private static final int MAX_ALIGNMENT_STEPS = 4;

    /** The first start on the grid at or after {@code t}. */
    Instant firstAtOrAfter(Instant t) {
        Instant candidate = t;
        for (int step = 0; step < MAX_ALIGNMENT_STEPS && !onGrid(candidate); step++) {
            ZonedDateTime local = candidate.atZone(zone);
            ZonedDateTime hour = local.truncatedTo(ChronoUnit.HOURS);
            long sinceHour = Duration.between(hour, local).toNanos();
            long slot = Duration.ofMinutes(minutes).toNanos();
            long slotsIn = (sinceHour + slot - 1) / slot;
            candidate = slotsIn * minutes >= 60 ? hour.plusHours(1).toInstant()
                    : hour.toInstant().plusNanos(slotsIn * slot);
        }
        return candidate;
    }

    /** The start on the grid after {@code start}, which is on it. */
    Instant after(Instant start) {
        Instant next = start.plus(Duration.ofMinutes(minutes));
        return onGrid(next) ? next : firstAtOrAfter(start.plusSeconds(60));
    }

    private boolean onGrid(Instant t) {
        ZonedDateTime local = t.atZone(zone);
        return local.getNano() == 0 && local.getSecond() == 0 && local.getMinute() % minutes == 0;
    }
}
