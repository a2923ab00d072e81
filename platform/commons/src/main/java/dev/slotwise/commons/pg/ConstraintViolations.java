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
        return failure -> {
            for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
                if (cause instanceof PgException pg && constraint.equals(pg.getConstraint())) {
                    return true;
                }
                if (cause instanceof ConstraintViolationException hibernate
                        && (constraint.equals(hibernate.getConstraintName())
                        || (hibernate.getMessage() != null && hibernate.getMessage().contains(quoted)))) {
                    return true;
                }
            }
            return false;
        };
    }
}
