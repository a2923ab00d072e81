package dev.slotwise.appointment.reference;

import dev.slotwise.commons.http.InternalLookups;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ClientErrorException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * customer-service as appointment-service sees it, with the fault tolerance of every call in one place: each attempt
 * times out after 1 s, a failed one is retried twice (not a 4xx), and after half of the last 10 calls failed the
 * circuit opens for 5 s, so that a dead dependency costs callers nothing but an immediate 503.
 */
@Timeout(value = 1, unit = ChronoUnit.SECONDS)
@Retry(maxRetries = 2, delay = 100, jitter = 50, abortOn = ClientErrorException.class)
@CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS,
        skipOn = ClientErrorException.class)
@ApplicationScoped
public class CustomerDirectory {

    private final CustomerClient client;

    public CustomerDirectory(@RestClient CustomerClient client) {
        this.client = client;
    }

    /** The customer of the caller's tenant (named by the token), or empty when there is none with this id. */
    public Uni<Optional<CustomerRef>> customer(String bearerToken, String id) {
        return InternalLookups.found(client.customer(id, InternalLookups.bearer(bearerToken)));
    }
}
