package dev.slotwise.gateway.ratelimit;

import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import io.vertx.core.Future;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * Per-tenant request quotas in fixed one-hour windows aligned to UTC hours (CONTRACT §6): every key and token of a
 * tenant counts against one counter. The limit is the tenant's own {@code rateLimitPerHour} when the operator set
 * one, else its plan's from configuration.
 */
@Singleton
public class TenantRateLimiter {

    private static final long WINDOW_SECONDS = 3600;
    private static final Duration COUNTER_TTL = Duration.ofSeconds(WINDOW_SECONDS + 60);

    private final Counters counters;
    private final GatewayConfig.RateLimit config;
    private final Clock clock;

    @Inject
    public TenantRateLimiter(Counters counters, GatewayConfig config) {
        this(counters, config.rateLimit(), Clock.systemUTC());
    }

    TenantRateLimiter(Counters counters, GatewayConfig.RateLimit config, Clock clock) {
        this.counters = counters;
        this.config = config;
        this.clock = clock;
    }

    public Future<RateLimitDecision> hit(Credential credential) {
        long limit = limitOf(credential);
        long now = clock.instant().getEpochSecond();
        long windowStart = now - now % WINDOW_SECONDS;
        long reset = windowStart + WINDOW_SECONDS;
        return counters.increment("slotwise:rate:" + credential.tenantId() + ":" + windowStart, COUNTER_TTL)
                .map(count -> new RateLimitDecision(limit, Math.max(0, limit - count), reset, reset - now, count <= limit));
    }

    /** Where the tenant stands this hour, without counting a request. */
    public Future<RateLimitDecision> standing(Credential credential) {
        long limit = limitOf(credential);
        long now = clock.instant().getEpochSecond();
        long windowStart = now - now % WINDOW_SECONDS;
        long reset = windowStart + WINDOW_SECONDS;
        return counters.current("slotwise:rate:" + credential.tenantId() + ":" + windowStart)
                .map(count -> new RateLimitDecision(limit, Math.max(0, limit - count), reset, reset - now, count < limit));
    }

    long limitOf(Credential credential) {
        if (credential.rateLimitPerHour() != null) {
            return credential.rateLimitPerHour();
        }
        return switch (credential.plan()) {
            case "free" -> config.plans().free();
            case "pro" -> config.plans().pro();
            default -> config.plans().enterprise();
        };
    }
}
