package dev.slotwise.commons.pg;

import dev.slotwise.commons.problem.ApiException;
import io.vertx.pgclient.PgException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A value PostgreSQL refused to store or compare, found however it was wrapped: the client's mistake, not the
 * server's. Bodies are checked before they get here ({@code StrictJson}); this is the net under everything else, a
 * NUL in a path id or a query parameter, a number or date out of a column's range.
 */
public final class UnstorableValues {

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

    /** The SQLSTATE as the reactive client reports it, or as Hibernate Reactive rewrapped it (a JDBC exception). */
    private static String sqlState(Throwable cause) {
        if (cause instanceof PgException pg) {
            return pg.getSqlState();
        }
        return cause instanceof SQLException sql ? sql.getSQLState() : null;
    }
}
