package dev.slotwise.appointment.hold;

import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/v1/holds} (CONTRACT §16). */
@Path("/api/v1/holds")
@Produces(MediaType.APPLICATION_JSON)
public class HoldResource {

    private final HoldBook book;
    private final TenantContext tenant;

    public HoldResource(HoldBook book, TenantContext tenant) {
        this.book = book;
        this.tenant = tenant;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("appointments.write")
    public Uni<Response> create(@Valid NewHold input) {
        RequestBody.require(input);
        return book.hold(Caller.of(tenant), input).map(held -> Created.at("/api/v1/holds/" + held.id(), held));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("appointments.read")
    public Uni<HoldView> get(@PathParam("id") String id) {
        return book.get(tenant.tenantId(), id);
    }

    @DELETE
    @Path("{id}")
    @RolesAllowed("appointments.write")
    public Uni<Response> release(@PathParam("id") String id) {
        return book.release(tenant.tenantId(), id).map(done -> Response.noContent().build());
    }
}
