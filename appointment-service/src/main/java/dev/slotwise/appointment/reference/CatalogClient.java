package dev.slotwise.appointment.reference;

import dev.slotwise.appointment.rules.BookingContext;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** catalog-staff-service's internal lookup. Only {@link CatalogDirectory} uses it. */
@RegisterRestClient(configKey = "catalog-staff-service")
@Path("/internal/v1")
interface CatalogClient {

    @GET
    @Path("booking-context")
    Uni<BookingContext> bookingContext(@QueryParam("serviceId") List<String> serviceIds,
            @QueryParam("staffId") List<String> staffIds, @QueryParam("from") String from,
            @QueryParam("to") String to, @HeaderParam("Authorization") String authorization);
}
