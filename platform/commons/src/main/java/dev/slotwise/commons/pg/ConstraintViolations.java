package dev.slotwise.commons.pg;

import io.vertx.pgclient.PgException;
import org.hibernate.exception.ConstraintViolationException;
import java.util.function.Predicate;

/**
 * Recognises a PostgreSQL constraint violation by the constraint's name, however Hibernate Reactive or the client
 * wrapped it, so that a service can answer it as the conflict it is (409) instead of a 500.
 */
public final class ConstraintViolations {

    private ConstraintViolations() {
    }

    /** Whether {@code failure} was caused by a violation of the named constraint (unique, exclusion, check, ...). */
    public static Predicate<Throwable> of(String constraint) {
        String quoted = "constraint \"" + constraint + "\"";
        return anyCause(cause -> cause instanceof PgException pg && constraint.equals(pg.getConstraint())
                || cause instanceof ConstraintViolationException hibernate
                && (constraint.equals(hibernate.getConstraintName())
                || (hibernate.getMessage() != null && hibernate.getMessage().contains(quoted))));
    }

    /**
     * Whether {@code failure} was PostgreSQL breaking a deadlock (SQLSTATE 40P01). Two transactions that each write a
     * row the other's conflicts with under an exclusion constraint both wait for the other's uncommitted row before
     * their check can decide; PostgreSQL aborts one so that the other goes on. The aborted one lost the same race the
     * constraint decides, so a service answers it as that constraint's conflict.
     */
    public static Predicate<Throwable> deadlock() {
        return anyCause(cause -> cause instanceof PgException pg && "40P01".equals(pg.getSqlState())
                || cause.getMessage() != null && cause.getMessage().contains("deadlock detected (40P01)"));
    }

    /** Whether {@code failure} or any of its causes, however Hibernate Reactive or the client wrapped it, matches. */
    private static Predicate<Throwable> anyCause(Predicate<Throwable> matches) {
        return failure -> {
            for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
                if (matches.test(cause)) {
                    return true;
                }
            }
            return false;
        };
    }
}
