package dev.slotwise.pos.reference;

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
 * catalog-staff-service's services and products with their prices. Every lookup of a sale has this policy: 1 s
 * per attempt, two retries (never on a 4xx), a circuit per method that opens for 5 s once half of the last 10 calls
 * failed.
 */
@Timeout(value = 1, unit = ChronoUnit.SECONDS)
@Retry(maxRetries = 2, delay = 100, jitter = 50, abortOn = ClientErrorException.class)
@CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS,
        skipOn = ClientErrorException.class)
@ApplicationScoped
public class CatalogDirectory {

    private final Clients.Catalog client;

    public CatalogDirectory(@RestClient Clients.Catalog client) {
        this.client = client;
    }

    public Uni<Optional<PricedRef>> service(String bearerToken, String id) {
        return InternalLookups.found(client.service(id, InternalLookups.bearer(bearerToken)));
    }

    public Uni<Optional<PricedRef>> product(String bearerToken, String id) {
        return InternalLookups.found(client.product(id, InternalLookups.bearer(bearerToken)));
    }
}
