package dev.slotwise.gateway.signin;

import dev.slotwise.gateway.credential.BearerSecrets;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;

/**
 * A brake on password guessing for one kind of subject (an account, a client address): more than
 * {@code allowedFailures} failed password checks within a sliding {@code window} refuse the subject for {@code lock}.
 * The attempt is counted before its password is checked, in one atomic statement that also decides whether there is
 * room for it ({@code sign_in_attempts}, migration V6): the row lock of that statement admits parallel attempts one by
 * one, so however many guesses arrive at once, at most {@code allowedFailures + 1} passwords are checked per window —
 * the last of them, if it fails too, locks the subject. A success takes its attempt back; an attempt whose process
 * died counts as a failure until it leaves the window. Kept in PostgreSQL, so every gateway replica shares the count
 * and a Redis outage does not lift it; a subject is stored only as a SHA-256.
 */
class AttemptBudget {

    /** The longest window of any budget: rows with nothing newer and no lock are purged. */
    static final Duration LONGEST_WINDOW = Duration.ofMinutes(15);

    /** An admitted attempt: which subject, and the moment its pending entry was recorded (its identity). */
    record Ticket(Buffer subject, OffsetDateTime at) {
    }

    /** Either a ticket for one password check, or the seconds until the subject may try again. */
    record Admission(Ticket ticket, long retryAfterSeconds) {

        boolean admitted() {
            return ticket != null;
        }
    }

    private static final String REMOVE_TICKET = """
            case when array_position(s.pending, $2::timestamptz) is null then s.pending
                 else s.pending[:array_position(s.pending, $2::timestamptz) - 1]
                      || s.pending[array_position(s.pending, $2::timestamptz) + 1:] end""";
    private static final String PURGE = """
            delete from sign_in_attempts
             where (locked_until is null or locked_until < now())
               and not exists (select 1 from unnest(pending || failures) a where a > now() - interval '%d seconds')"""
            .formatted(LONGEST_WINDOW.toSeconds());

    private final Pool pool;
    private final String kind;
    private final String admit;
    private final String waitFor;
    private final String fail;
    private final String release;

    AttemptBudget(Pool pool, String kind, int allowedFailures, Duration window, Duration lock) {
        if (window.compareTo(LONGEST_WINDOW) > 0) {
            throw new IllegalArgumentException("a window longer than " + LONGEST_WINDOW + " would be purged early");
        }
        this.pool = pool;
        this.kind = kind;
        String inWindow = "> now() - interval '" + window.toSeconds() + " seconds'";
        this.admit = """
                insert into sign_in_attempts as s (subject, pending) values ($1, array[clock_timestamp()])
                on conflict (subject) do update
                   set pending = array(select p from unnest(s.pending) p where p %1$s order by p) || clock_timestamp(),
                       failures = array(select f from unnest(s.failures) f where f %1$s order by f)
                 where (s.locked_until is null or s.locked_until <= now())
                   and (select count(*) from unnest(s.pending || s.failures) a where a %1$s) <= %2$d
                returning pending[cardinality(pending)] as ticket""".formatted(inWindow, allowedFailures);
        this.waitFor = """
                select greatest(extract(epoch from s.locked_until - now()),
                                extract(epoch from (select min(a) from unnest(s.pending || s.failures) a where a %s)
                                                   + interval '%d seconds' - now())) as wait
                  from sign_in_attempts s where s.subject = $1""".formatted(inWindow, window.toSeconds());
        this.fail = """
                update sign_in_attempts s
                   set pending = %1$s,
                       failures = array(select f from unnest(s.failures) f where f %2$s order by f) || now(),
                       locked_until = case when (s.locked_until is null or s.locked_until <= now())
                                            and (select count(*) from unnest(s.failures) f where f %2$s) >= %3$d
                                           then now() + interval '%4$d seconds' else s.locked_until end
                 where s.subject = $1
                returning greatest(extract(epoch from locked_until - now()), 0) as locked_for"""
                .formatted(REMOVE_TICKET, inWindow, allowedFailures, lock.toSeconds());
        this.release = "update sign_in_attempts s set pending = " + REMOVE_TICKET + " where s.subject = $1";
    }

    /** Counts an attempt at the subject, if its budget has room for one more password check. */
    Uni<Admission> admit(String subject) {
        Buffer key = key(subject);
        return pool.preparedQuery(admit).execute(Tuple.of(key)).chain(rows -> rows.size() == 1
                ? Uni.createFrom().item(new Admission(new Ticket(key, rows.iterator().next().getOffsetDateTime("ticket")), 0))
                : pool.preparedQuery(waitFor).execute(Tuple.of(key)).map(wait -> new Admission(null,
                        wait.size() == 0 ? 1 : seconds(wait.iterator().next(), "wait"))));
    }

    /** The attempt's password was wrong: a failure; answers the seconds the subject is now locked for, or 0. */
    Uni<Long> failed(Ticket ticket) {
        return pool.preparedQuery(fail).execute(Tuple.of(ticket.subject(), ticket.at()))
                .map(rows -> rows.size() == 0 ? 0L : seconds(rows.iterator().next(), "locked_for"));
    }

    /** The attempt's password was right, or it was never checked: it no longer counts. */
    Uni<Void> release(Ticket ticket) {
        return pool.preparedQuery(release).execute(Tuple.of(ticket.subject(), ticket.at())).replaceWithVoid();
    }

    /** Removes the rows of every kind with nothing left in their window and no lock. */
    public Uni<Void> purge() {
        return pool.query(PURGE).execute().replaceWithVoid();
    }

    private Buffer key(String subject) {
        return Buffer.buffer(BearerSecrets.sha256(kind + ":" + subject));
    }

    /** Whole seconds, rounded up; a refusal always asks for at least one. */
    private static long seconds(Row row, String column) {
        BigDecimal value = row.getBigDecimal(column);
        if (value == null || value.signum() <= 0) {
            return column.equals("wait") ? 1 : 0;
        }
        return Math.max(1, value.setScale(0, java.math.RoundingMode.CEILING).longValueExact());
    }
}
