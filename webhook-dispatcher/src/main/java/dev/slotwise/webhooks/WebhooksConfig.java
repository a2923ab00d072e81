package dev.slotwise.webhooks;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code slotwise.webhooks.*} (CONTRACT §11). */
@ConfigMapping(prefix = "slotwise.webhooks")
public interface WebhooksConfig {

    /** Delays before each retry after the first attempt ({@code SLOTWISE_WEBHOOKS_RETRY_DELAYS}). */
    List<Duration> retryDelays();

    /** A delivery that has no 2xx answer within this time failed ({@code SLOTWISE_WEBHOOKS_TIMEOUT}). */
    Duration timeout();

    /** Address ranges exempt from the private-address refusal ({@code SLOTWISE_WEBHOOKS_ALLOWED_CIDRS}). */
    Optional<List<String>> allowedCidrs();

    /** Whether {@code http://} URLs are accepted, only for hosts inside the allowed ranges. */
    @WithDefault("false")
    boolean allowHttp();

    /** AES-256 key (base64 of 32 bytes) that encrypts endpoint secrets at rest. */
    String encryptionKey();

    /**
     * Keys that encrypted secrets before the current one ({@code SLOTWISE_WEBHOOKS_RETIRED_ENCRYPTION_KEYS}, comma
     * separated): they only decrypt, until every secret is encrypted again under the current key.
     */
    Optional<List<String>> retiredEncryptionKeys();

    /** Deliveries a worker claims at once. */
    @WithDefault("64")
    int batchSize();

    /** Deliveries one dispatcher replica has claimed and not yet recorded, over all endpoints. */
    @WithDefault("256")
    int maxInFlight();

    /**
     * Deliveries one replica sends to the same endpoint at once: an endpoint that hangs until the timeout occupies
     * at most this many of the {@link #maxInFlight()} slots, so it never delays another endpoint's deliveries.
     */
    @WithDefault("8")
    int endpointConcurrency();

    /**
     * Deliveries one replica has claimed and not yet recorded for one tenant, over all its endpoints: one tenant's
     * many hanging endpoints occupy at most this many of the {@link #maxInFlight()} slots, so they never delay
     * another tenant's deliveries ({@code SLOTWISE_WEBHOOKS_TENANT_CONCURRENCY}).
     */
    @WithDefault("64")
    int tenantConcurrency();

    /**
     * How long a claimed delivery stays leased to one replica: more than three timeouts, since a claimed delivery may
     * wait up to two timeouts for its endpoint's lane before its own attempt.
     */
    @WithDefault("60s")
    Duration lease();

    /** How often a replica says it is alive, which keeps the leases it holds ({@link #replicaTimeout()}). */
    @WithDefault("1s")
    Duration replicaHeartbeat();

    /**
     * A replica not heard from for this long counts as dead: the deliveries it leased are free for the others at once,
     * not after the {@link #lease()}. Long enough for a garbage-collection pause or a slow database write; short enough
     * that deliveries resume within seconds of a crash.
     */
    @WithDefault("5s")
    Duration replicaTimeout();

    /**
     * Connections one replica keeps to one host and port, all endpoints on it together: several endpoints of a
     * shared receiver (an automation service) share them.
     */
    @WithDefault("64")
    int connectionsPerHost();

    /** How long one DNS query for a webhook host may take before the lookup fails. */
    @WithDefault("2s")
    Duration lookupTimeout();

    /**
     * Name servers for webhook hosts ({@code host:port}, comma separated); empty: those of {@code /etc/resolv.conf}.
     */
    Optional<List<String>> nameServers();

    /** Endpoints one tenant may register ({@code SLOTWISE_WEBHOOKS_MAX_ENDPOINTS_PER_TENANT}); one more is 422. */
    @WithDefault("20")
    int maxEndpointsPerTenant();

    /** The polling backstop for due retries and missed notifications. */
    @WithDefault("1s")
    Duration pollInterval();
}
