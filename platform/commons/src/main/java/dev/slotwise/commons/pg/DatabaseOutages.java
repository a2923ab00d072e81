package dev.slotwise.commons.pg;

import com.fasterxml.jackson.core.JacksonException;
import io.vertx.core.VertxException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;

/**
 * A failure that says the database is away for now — shutting down, restarting, refusing or dropping connections —
 * however it was wrapped: not the request's fault and not a bug, so the client gets 503 {@code
 * upstream_unavailable} and tries again, and the log gets a line, not a stack trace.
 */
public final class DatabaseOutages {

    /** SQLSTATEs of a server going away: admin or crash shutdown, cannot connect now, too many connections. */
    private static final Set<String> GOING_AWAY = Set.of("57P01", "57P02", "57P03", "53300");

    private DatabaseOutages() {
    }

    public static boolean isOutage(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof JacksonException) {
                // an IOException by inheritance only: a stored value Jackson cannot read or write is a bug (500)
                return false;
            }
            if (cause instanceof ClosedConnectionException || cause instanceof IOException) {
                return true;
            }
            String state = UnstorableValues.sqlState(cause);
            if (state != null) {
                return state.startsWith("08") || GOING_AWAY.contains(state);
            }
            if (cause instanceof VertxException && String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT)
                    .matches(".*(connection (is )?closed|pool closed|connection refused|connection reset).*")) {
                return true;
            }
        }
        return false;
    }
}
