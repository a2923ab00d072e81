package dev.slotwise.gateway.signin;

import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * The per-account brake on password guessing (CONTRACT §13): more than 10 failed sign-ins for one e-mail address
 * within 15 minutes (a sliding window) refuse that address's sign-in for 15 minutes, counted before each password is
 * checked ({@link AttemptBudget}). Accounts that do not exist are counted the same way, so the brake says nothing
 * about who exists; the address itself is not stored, only a SHA-256 of it.
 */
@Singleton
public class AccountThrottle extends AttemptBudget {

    static final int ALLOWED_FAILURES = 10;
    static final Duration WINDOW = Duration.ofMinutes(15);

    public AccountThrottle(Pool pool) {
        super(pool, "account", ALLOWED_FAILURES, WINDOW, WINDOW);
    }

    static String subject(String email) {
        return email.trim().toLowerCase(java.util.Locale.ROOT);
    }
}
