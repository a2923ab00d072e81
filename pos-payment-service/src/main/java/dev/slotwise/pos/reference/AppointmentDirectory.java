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

/** appointment-service's appointments, behind the fault tolerance every lookup of a sale has. */
@Timeout(value = 1, unit = ChronoUnit.SECONDS)
@Retry(maxRetries = 2, delay = 100, jitter = 50, abortOn = ClientErrorException.class)
@CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS,
        skipOn = ClientErrorException.class)
@ApplicationScoped
public class AppointmentDirectory {

    private final Clients.Appointments client;

    public AppointmentDirectory(@RestClient Clients.Appointments client) {
        this.client = client;
    }

    public Uni<Optional<AppointmentRef>> appointment(String bearerToken, String id) {
        return InternalLookups.found(client.appointment(id, InternalLookups.bearer(bearerToken)));
    }
}
