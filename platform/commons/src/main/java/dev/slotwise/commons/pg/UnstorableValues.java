package dev.slotwise.commons.pg;

import dev.slotwise.commons.problem.ApiException;
import io.vertx.pgclient.PgException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value PostgreSQL refused to store or compare, found however it was wrapped: the client's mistake, not the
 * server's. Bodies are checked before they get here ({@code StrictJson}); this is the net under everything else, a
 * NUL in a path id or a query parameter, a number or date out of a column's range.
 */
public final class UnstorableValues {

    /** How PostgreSQL names the index in a unique violation's message, when only the message survived wrapping. */
    private static final Pattern CONSTRAINT_IN_MESSAGE = Pattern.compile("unique constraint \"([^\"]+)\"");

    private UnstorableValues() {
    }

    /** The client's 4xx for {@code failure}, when PostgreSQL refused one of its values. */
    public static Optional<ApiException> problemFor(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String state = sqlState(cause);
            if (state != null) {
                return switch (state) {
                    case "22021", "22P05" -> Optional.of(
                            ApiException.malformed("a value contains a character that is not allowed (NUL)"));
                    case "22003", "22008", "22007" -> Optional.of(
                            new ApiException(422, "validation_failed", "a value is out of the allowed range"));
                    default -> Optional.empty();
                };
            }
        }
        return Optional.empty();
    }

    /**
     * The name of the unique index {@code failure} violated, however it was wrapped; empty when it is no unique
     * violation (SQLSTATE 23505).
     */
    public static Optional<String> violatedUniqueIndex(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if ("23505".equals(sqlState(cause))) {
                if (cause instanceof PgException pg && pg.getConstraint() != null) {
                    return Optional.of(pg.getConstraint());
                }
                Matcher named = CONSTRAINT_IN_MESSAGE.matcher(String.valueOf(cause.getMessage()));
                return named.find() ? Optional.of(named.group(1)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The SQLSTATE as the reactive client reports it, or as Hibernate Reactive rewrapped it (a JDBC exception). */
    public static String sqlState(Throwable cause) {
        if (cause instanceof PgException pg) {
            return pg.getSqlState();
        }
        return cause instanceof SQLException sql ? sql.getSQLState() : null;
    }
}
