package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /internal/v1/appointments/{id}}: the reference check of pos-payment-service (a sale may name the
 * appointment it pays for). Any valid internal token of the tenant may ask; the gateway never routes {@code /internal}.
 */
@Path("/internal/v1/appointments")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class AppointmentLookupResource {

    private final AppointmentBook book;
    private final TenantContext tenant;

    public AppointmentLookupResource(AppointmentBook book, TenantContext tenant) {
        this.book = book;
        this.tenant = tenant;
    }

    @GET
    @Path("{id}")
    public Uni<AppointmentView> get(@PathParam("id") String id) {
        return book.get(tenant.tenantId(), id);
    }
}
