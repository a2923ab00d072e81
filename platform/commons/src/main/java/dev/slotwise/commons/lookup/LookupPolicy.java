package dev.slotwise.commons.lookup;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code slotwise.lookups.*}: how a service calls another service's {@code /internal/v1} lookups (environment:
 * {@code SLOTWISE_LOOKUPS_TIMEOUT} and so on). Every dependency and every tenant gets this policy, each tenant with a
 * circuit and a bulkhead of its own ({@link TenantGuards}).
 */
@ConfigMapping(prefix = "slotwise.lookups")
public interface LookupPolicy {

    /** One attempt, a wait for the tenant's bulkhead included. */
    @WithDefault("1s")
    Duration timeout();

    /** Attempts after a failed one (never after a 4xx, nor when the circuit is open). */
    @WithDefault("2")
    int retries();

    @WithDefault("100ms")
    Duration retryDelay();

    @WithDefault("50ms")
    Duration retryJitter();

    /** A tenant's circuit opens when this share of its last {@link #circuitRequests()} lookups failed... */
    @WithDefault("0.5")
    double circuitFailureRatio();

    @WithDefault("10")
    int circuitRequests();

    /** ...and stays open this long, refusing that tenant's lookups at once, before it tries again. */
    @WithDefault("5s")
    Duration circuitOpenFor();

    /** Lookups one tenant may have under way at once to one dependency; more wait in its queue. */
    @WithDefault("16")
    int concurrencyPerTenant();

    /** Lookups of one tenant waiting for its bulkhead; one more is refused at once. */
    @WithDefault("64")
    int queuePerTenant();
}
