package dev.slotwise.notification;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code slotwise.notifications.*}: how notification-service schedules, sends and finds what its e-mails name. */
@ConfigMapping(prefix = "slotwise.notifications")
public interface NotificationsConfig {

    /** Waits between a failed send and its retries (CONTRACT §18: 1, 5 and 30 minutes, then {@code failed}). */
    @WithDefault("1m,5m,30m")
    List<Duration> retryDelays();

    /** The backstop that finds e-mails falling due; new ones wake the worker in-process at once. */
    @WithDefault("1s")
    Duration pollInterval();

    /** How often a replica says it is alive, and after how long without that its leases are free for the others. */
    @WithDefault("1s")
    Duration replicaHeartbeat();

    @WithDefault("5s")
    Duration replicaTimeout();

    /** Due e-mails one claim takes, and e-mails one replica has in flight at most. */
    @WithDefault("100")
    int claimBatch();

    @WithDefault("64")
    int maxInFlight();

    /** How long an e-mail waits for its customer's data (customer.* not consumed yet) before it is skipped. */
    @WithDefault("10m")
    Duration customerGrace();

    /** How long names read from the catalog and the gateway are used before they are read again. */
    @WithDefault("10m")
    Duration namesFreshFor();

    /** {@code {base_url}} of the calendar feeds' URLs: the address clients reach the gateway at. */
    @WithDefault("http://localhost:8080")
    URI publicUrl();

    /** Where the gateway mints this service's own internal tokens (names of the tenant, its services, its policy). */
    URI gatewayUrl();

    /** The secret this service shows the gateway for its tokens; without it no names can be read. */
    Optional<String> serviceSecret();

    /** catalog-staff-service: service names, staff, the booking policy's text. */
    URI catalogUrl();
}
