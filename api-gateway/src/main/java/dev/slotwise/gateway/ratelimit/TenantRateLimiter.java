package dev.slotwise.gateway.ratelimit;

import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Future;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Per-tenant request quotas in fixed one-hour windows aligned to UTC hours (CONTRACT §6): every key and token of a
 * tenant counts against one counter. The limit is the tenant's own {@code rateLimitPerHour} when the operator set
 * one, else its plan's from configuration. With several instances, counts are claimed from the shared store in blocks
 * ({@link QuotaLeases}): a request's place in the count, and so {@code X-RateLimit-Remaining}, is where this instance's
 * block puts it; it may over-state what is left by counts other instances used meanwhile, and counts given back may be
 * claimed again, so a place can repeat across instances.
 */
@Singleton
public class TenantRateLimiter {

    private static final Logger LOG = Logger.getLogger(TenantRateLimiter.class);
    private static final long WINDOW_SECONDS = 3600;
    private static final Duration COUNTER_TTL = Duration.ofSeconds(WINDOW_SECONDS + 60);

    private final Counters counters;
    private final QuotaLeases leases;
    private final GatewayConfig.RateLimit config;
    private final Clock clock;

    @Inject
    public TenantRateLimiter(Counters counters, QuotaLeases leases, GatewayConfig config) {
        this(counters, leases, config.rateLimit(), Clock.systemUTC());
    }

    TenantRateLimiter(Counters counters, QuotaLeases leases, GatewayConfig.RateLimit config, Clock clock) {
        this.counters = counters;
        this.leases = leases;
        this.config = config;
        this.clock = clock;
    }

    public Future<RateLimitDecision> hit(Credential credential) {
        long limit = limitOf(credential);
        long now = clock.instant().getEpochSecond();
        long windowStart = now - now % WINDOW_SECONDS;
        long reset = windowStart + WINDOW_SECONDS;
        return leases.take("slotwise:rate:" + credential.tenantId() + ":" + windowStart, limit, COUNTER_TTL)
                .map(count -> new RateLimitDecision(limit, Math.max(0, limit - count), reset, reset - now, count <= limit));
    }

    /** Where the tenant stands this hour, without counting a request (counts claimed by instances and not yet used included). */
    public Future<RateLimitDecision> standing(Credential credential) {
        long limit = limitOf(credential);
        long now = clock.instant().getEpochSecond();
        long windowStart = now - now % WINDOW_SECONDS;
        long reset = windowStart + WINDOW_SECONDS;
        return counters.current("slotwise:rate:" + credential.tenantId() + ":" + windowStart)
                .map(count -> new RateLimitDecision(limit, Math.max(0, limit - count), reset, reset - now, count < limit));
    }

    /** Gives back the counts this instance claimed and did not use, before it stops. */
    void stop(@Observes ShutdownEvent event) {
        try {
            leases.giveBack(true).toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.warnf("unused quota counts were not given back before stopping (they count as used this hour): %s",
                    e.toString());
        }
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
