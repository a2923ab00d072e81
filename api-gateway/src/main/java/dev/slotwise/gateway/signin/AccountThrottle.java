package dev.slotwise.gateway.signin;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Locale;

/**
 * The per-account brake on password guessing (CONTRACT §13): more than 10 failed sign-ins for one e-mail address
 * within 15 minutes (a sliding window) refuse that address's sign-in for 15 minutes. Kept in PostgreSQL, so every
 * gateway replica enforces the same count and a Redis outage does not lift it; the address itself is not stored, only
 * its SHA-256. Accounts that do not exist are counted the same way, so the brake says nothing about who exists.
 */
@ApplicationScoped
public class AccountThrottle {

    static final int ALLOWED_FAILURES = 10;
    static final Duration WINDOW = Duration.ofMinutes(15);

    private static final String LOCKED_UNTIL = """
            select locked_until from sign_in_throttle where account = $1 and locked_until > now()""";
    private static final String RECORD_FAILURE = """
            insert into sign_in_throttle as s (account, failures) values ($1, array[now()])
            on conflict (account) do update set failures = array(
                select f from unnest(s.failures) f where f > now() - interval '15 minutes' order by f) || now()
            returning cardinality(failures) as failures""";
    private static final String LOCK = """
            update sign_in_throttle set locked_until = now() + interval '15 minutes', failures = '{}' where account = $1
            returning locked_until""";
    private static final String FORGET = "delete from sign_in_throttle where account = $1";
    private static final String PURGE = """
            delete from sign_in_throttle
             where (locked_until is null or locked_until < now())
               and not exists (select 1 from unnest(failures) f where f > now() - interval '15 minutes')""";

    private final Pool pool;

    public AccountThrottle(Pool pool) {
        this.pool = pool;
    }

    /** Seconds until the account may sign in again, or 0. */
    public Uni<Long> lockedForSeconds(String email) {
        return pool.preparedQuery(LOCKED_UNTIL).execute(Tuple.of(account(email)))
                .map(rows -> rows.size() == 0 ? 0L : secondsUntil(rows.iterator().next()));
    }

    /** Records a failure; answers the seconds the account is now locked for, or 0. */
    public Uni<Long> recordFailure(String email) {
        Buffer account = account(email);
        return pool.withTransaction(connection -> connection.preparedQuery(RECORD_FAILURE).execute(Tuple.of(account))
                .chain(rows -> rows.iterator().next().getInteger("failures") > ALLOWED_FAILURES
                        ? connection.preparedQuery(LOCK).execute(Tuple.of(account))
                                .map(locked -> secondsUntil(locked.iterator().next()))
                        : Uni.createFrom().item(0L)));
    }

    /** A successful sign-in clears the account's failures. */
    public Uni<Void> forget(String email) {
        return pool.preparedQuery(FORGET).execute(Tuple.of(account(email))).replaceWithVoid();
    }

    public Uni<Void> purge() {
        return pool.query(PURGE).execute().replaceWithVoid();
    }

    private static long secondsUntil(Row row) {
        OffsetDateTime until = row.getOffsetDateTime("locked_until");
        return Math.max(1, Duration.between(OffsetDateTime.now(), until).toSeconds() + 1);
    }

    private static Buffer account(String email) {
        try {
            return Buffer.buffer(MessageDigest.getInstance("SHA-256")
                    .digest(email.trim().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
