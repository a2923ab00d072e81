package dev.slotwise.customer.review;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.slotwise.commons.http.InternalLookups;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * appointment-service's own answer to "whose appointment is this", for an appointment booked so recently that
 * {@link AppointmentProjection} has not seen its event yet. Behind the fault tolerance every reference lookup has.
 */
@Timeout(value = 1, unit = ChronoUnit.SECONDS)
@Retry(maxRetries = 2, delay = 100, jitter = 50, abortOn = ClientErrorException.class)
@CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS,
        skipOn = ClientErrorException.class)
@ApplicationScoped
public class AppointmentDirectory {

    private final Lookup client;

    public AppointmentDirectory(@RestClient Lookup client) {
        this.client = client;
    }

    /** The appointment's customer, as appointment-service knows it now; empty when the tenant has no such id. */
    public Uni<Optional<Owner>> owner(String bearerToken, String appointmentId) {
        return InternalLookups.found(client.appointment(appointmentId, InternalLookups.bearer(bearerToken)));
    }

    @RegisterRestClient(configKey = "appointment-service")
    @Path("/internal/v1/appointments")
    public interface Lookup {
        @GET
        @Path("{id}")
        Uni<Owner> appointment(@PathParam("id") String id, @HeaderParam("Authorization") String authorization);
    }

    /** What a review needs of an appointment: that it exists in the tenant, and whose it is. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Owner(String id, String customerId) {
    }
}
