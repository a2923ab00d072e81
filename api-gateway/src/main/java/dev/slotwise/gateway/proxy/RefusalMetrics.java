package dev.slotwise.gateway.proxy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the gateway refuses before a request reaches a service, as counters an operator alerts on:
 * {@code slotwise_gateway_rate_limited_total{plan}} (hourly quota used up; by plan, never by tenant) and
 * {@code slotwise_gateway_authentication_failures_total{reason}} ({@code missing}: no credential, {@code invalid}: one
 * that does not verify, {@code blocked}: refused because the client address failed too often this minute).
 */
@Singleton
public class RefusalMetrics {

    private final MeterRegistry registry;
    private final Map<String, Counter> rateLimited = new ConcurrentHashMap<>();
    private final Counter missing;
    private final Counter invalid;
    private final Counter blocked;

    public RefusalMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.missing = authenticationFailures("missing");
        this.invalid = authenticationFailures("invalid");
        this.blocked = authenticationFailures("blocked");
    }

    void overQuota(String plan) {
        String label = plan == null ? "unknown" : plan.toLowerCase(Locale.ROOT);
        rateLimited.computeIfAbsent(label, key -> Counter.builder("slotwise.gateway.rate.limited")
                .description("Requests refused with 429 because the tenant's hourly quota was used up")
                .tag("plan", key).register(registry)).increment();
    }

    void missingCredential() {
        missing.increment();
    }

    void invalidCredential(boolean addressBlocked) {
        (addressBlocked ? blocked : invalid).increment();
    }

    private Counter authenticationFailures(String reason) {
        return Counter.builder("slotwise.gateway.authentication.failures")
                .description("Requests refused with 401, or 429 for an address that failed too often")
                .tag("reason", reason).register(registry);
    }
}
