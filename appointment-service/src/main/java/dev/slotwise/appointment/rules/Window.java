package dev.slotwise.appointment.rules;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The stretch of time a rule book answers about, {@code [from, to)} in epoch milliseconds: what the catalog's
 * calendars and the appointments are read for. Questions about starts inside it whose visits end inside it too.
 */
public record Window(long from, long to) {

    /** The longest a service lasts (CONTRACT §5: 720 minutes), with the longest buffers (§15: 240 each). */
    public static final Duration LONGEST_SERVICE = Duration.ofMinutes(720);
    public static final Duration LONGEST_BUFFER = Duration.ofMinutes(240);
    /** The last instant the API can write (RFC 3339 has four-digit years). */
    public static final Instant LAST_WRITABLE = Instant.parse("9999-12-31T23:59:59.999Z");

    /** Around one visit of at most {@code segments} services starting at {@code startsAt}. */
    public static Window around(Instant startsAt, int segments) {
        return between(startsAt, startsAt.plus(LONGEST_SERVICE.multipliedBy(segments)));
    }

    /**
     * {@code [first, last)} with room for the buffers around it, so that the appointments whose buffers reach into it
     * are read too, but never past the last writable instant.
     */
    public static Window between(Instant first, Instant last) {
        Instant to = last.plus(LONGEST_BUFFER);
        return new Window(first.minus(LONGEST_BUFFER).toEpochMilli(),
                (to.isAfter(LAST_WRITABLE) ? LAST_WRITABLE : to).toEpochMilli());
    }

    /**
     * The starts of the appointments a rule book over this window must see, {@code [first, second)}: those on the
     * local days it counts toward the daily limit (from the day before {@code from}'s to the day after {@code to}'s),
     * which hold every appointment whose occupied range reaches into the window too.
     */
    public Instant[] startsToRead(ZoneId zone) {
        LocalDays days = new LocalDays(zone, from, to);
        // a staff member's location may be in another zone (CONTRACT §17): its local days begin up to 26 hours from
        // the tenant's, so a day more on each side holds theirs too
        return new Instant[] {Instant.ofEpochMilli(days.start(0) - DAY), Instant.ofEpochMilli(days.end(days.count() - 1) + DAY)};
    }

    private static final long DAY = 86_400_000L;

    public Instant fromInstant() {
        return Instant.ofEpochMilli(from);
    }

    public Instant toInstant() {
        return Instant.ofEpochMilli(to);
    }
}
