package dev.slotwise.commons.lookup;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.Guard;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.ws.rs.ClientErrorException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * The fault tolerance of one dependency's lookups, kept apart per tenant: a timeout per attempt, retries, and for each
 * tenant a circuit breaker and a bulkhead of its own ({@link LookupPolicy}). One tenant's burst, or a dependency that
 * is slow for one tenant's data, fills that tenant's bulkhead and opens that tenant's circuit — its requests are
 * refused, nobody else's: a shared circuit once turned one tenant's burst of bookings into 503s for every tenant.
 * A 4xx is an answer, never a failure. The guards of tenants idle for ten minutes are forgotten.
 *
 * <p>Metrics never name a tenant: {@code slotwise_lookup_circuits_open{dependency}} counts the tenants whose circuit
 * for the dependency is open, {@code slotwise_lookup_refusals_total{dependency,reason}} counts lookups refused
 * ({@code circuit_open}, {@code bulkhead_full}) or given up ({@code timeout}).
 */
public final class TenantGuards {

    private static final Duration IDLE = Duration.ofMinutes(10);
    @SuppressWarnings("rawtypes")
    private static final TypeLiteral<Uni> UNI = new TypeLiteral<>() {
    };

    private final String dependency;
    private final LookupPolicy policy;
    private final Cache<String, Guard> guards = Caffeine.newBuilder().expireAfterAccess(IDLE).build();
    private final Set<String> open = ConcurrentHashMap.newKeySet();
    private final Counter circuitOpen;
    private final Counter bulkheadFull;
    private final Counter timedOut;

    public TenantGuards(String dependency, LookupPolicy policy, MeterRegistry registry) {
        this.dependency = dependency;
        this.policy = policy;
        Gauge.builder("slotwise.lookup.circuits.open", open, Set::size).tag("dependency", dependency)
                .description("Tenants whose circuit for this dependency is open (their lookups refused at once)")
                .register(registry);
        this.circuitOpen = refusals(registry, "circuit_open");
        this.bulkheadFull = refusals(registry, "bulkhead_full");
        this.timedOut = refusals(registry, "timeout");
    }

    /** The lookup under the tenant's guard; fails as the guard decides (circuit open, bulkhead full, timed out). */
    @SuppressWarnings("unchecked")
    public <T> Uni<T> call(String tenantId, Supplier<Uni<T>> lookup) {
        Guard guard = guards.get(tenantId, this::guardFor);
        return ((Uni<T>) guard.get((Supplier) lookup, UNI)).onFailure().invoke(this::count);
    }

    private Guard guardFor(String tenantId) {
        return Guard.create()
                .withRetry().maxRetries(policy.retries()).delay(policy.retryDelay().toMillis(), ChronoUnit.MILLIS)
                        .jitter(policy.retryJitter().toMillis(), ChronoUnit.MILLIS)
                        .abortOn(java.util.List.of(ClientErrorException.class, CircuitBreakerOpenException.class,
                                BulkheadException.class)).done()
                .withCircuitBreaker().requestVolumeThreshold(policy.circuitRequests())
                        .failureRatio(policy.circuitFailureRatio())
                        .delay(policy.circuitOpenFor().toMillis(), ChronoUnit.MILLIS)
                        .skipOn(ClientErrorException.class)
                        .onStateChange(state -> {
                            if (state == CircuitBreakerState.OPEN) {
                                open.add(tenantId);
                            } else {
                                open.remove(tenantId);
                            }
                        }).done()
                .withTimeout().duration(policy.timeout().toMillis(), ChronoUnit.MILLIS).done()
                .withBulkhead().limit(policy.concurrencyPerTenant()).queueSize(policy.queuePerTenant()).done()
                .build();
    }

    private void count(Throwable failure) {
        if (failure instanceof CircuitBreakerOpenException) {
            circuitOpen.increment();
        } else if (failure instanceof BulkheadException) {
            bulkheadFull.increment();
        } else if (failure instanceof TimeoutException) {
            timedOut.increment();
        }
    }

    private Counter refusals(MeterRegistry registry, String reason) {
        return Counter.builder("slotwise.lookup.refusals").tag("dependency", dependency).tag("reason", reason)
                .description("Lookups refused by a tenant's circuit or bulkhead, or given up after their timeout")
                .register(registry);
    }
}
