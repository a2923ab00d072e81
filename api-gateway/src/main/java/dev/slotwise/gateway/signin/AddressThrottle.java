package dev.slotwise.gateway.signin;

import dev.slotwise.gateway.GatewayConfig;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * The per-address brake on sign-ins (CONTRACT §6): more than {@code slotwise.rate-limit.auth-failures-per-minute}
 * (30) failed sign-ins from one client address within a minute refuse that address's sign-ins for a minute, counted
 * before each password is checked ({@link AttemptBudget}). Failed bearer tokens are counted apart, by
 * {@link dev.slotwise.gateway.ratelimit.AuthFailureLimiter}: a flood of bogus API keys from an office's address never
 * keeps its people out of the panel, and failed sign-ins never turn its API-key failures into 429s.
 */
@Singleton
public class AddressThrottle extends AttemptBudget {

    static final Duration WINDOW = Duration.ofMinutes(1);

    public AddressThrottle(Pool pool, GatewayConfig config) {
        super(pool, "address", config.rateLimit().authFailuresPerMinute(), WINDOW, WINDOW);
    }
}
