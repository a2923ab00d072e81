package dev.slotwise.appointment.reference;

import dev.slotwise.commons.http.InternalLookups;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ClientErrorException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * catalog-staff-service as appointment-service sees it, with the same policy as {@link CustomerDirectory}: 1 s per
 * attempt, two retries, a circuit that opens for 5 s once half of the last 10 calls failed. Each lookup has
 * its own circuit.
 */
@Timeout(value = 1, unit = ChronoUnit.SECONDS)
@Retry(maxRetries = 2, delay = 100, jitter = 50, abortOn = ClientErrorException.class)
@CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS,
        skipOn = ClientErrorException.class)
@ApplicationScoped
public class CatalogDirectory {

    private final CatalogClient client;

    public CatalogDirectory(@RestClient CatalogClient client) {
        this.client = client;
    }

    public Uni<Optional<ServiceRef>> service(String bearerToken, String id) {
        return InternalLookups.found(client.service(id, InternalLookups.bearer(bearerToken)));
    }

    /** The staff member's schedule with their time off in {@code [from, to)}, or empty when there is no such member. */
    public Uni<Optional<StaffSchedule>> schedule(String bearerToken, String id, Instant from, Instant to) {
        return InternalLookups.found(client.schedule(id, from.toString(), to.toString(),
                InternalLookups.bearer(bearerToken)));
    }

    /**
     * The schedules of the staff with working hours who perform the service (only {@code staffId}'s when given),
     * time off in {@code [from, to)}; empty when {@code staffId} names no staff member.
     */
    public Uni<Optional<StaffSchedules>> schedulesPerforming(String bearerToken, String serviceId, String staffId,
            Instant from, Instant to) {
        return InternalLookups.found(client.schedulesPerforming(serviceId, staffId, from.toString(), to.toString(),
                InternalLookups.bearer(bearerToken)));
    }
}
