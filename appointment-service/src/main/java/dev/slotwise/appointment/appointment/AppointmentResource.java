package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.json.NoFields;
import dev.slotwise.commons.metadata.MetadataFilter;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;

/** {@code /api/v1/appointments} (CONTRACT §5, §15). */
@Path("/api/v1/appointments")
@Produces(MediaType.APPLICATION_JSON)
public class AppointmentResource {

    private final AppointmentBook book;
    private final TenantContext tenant;
    private final ObjectMapper json;
    private final MetadataChange metadataChange;

    public AppointmentResource(AppointmentBook book, TenantContext tenant, ObjectMapper json,
            MetadataChange metadataChange) {
        this.metadataChange = metadataChange;
        this.book = book;
        this.tenant = tenant;
        this.json = json;
    }

    @GET
    @RolesAllowed("appointments.read")
    public Uni<Page<AppointmentView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("staffId") String staffId,
            @QueryParam("customerId") String customerId, @QueryParam("status") String status,
            @QueryParam("locationId") String locationId, @Context UriInfo uri) {
        AppointmentFilter filter = AppointmentFilter.parse(from, to, staffId, customerId, status,
                MetadataFilter.parse(uri.getQueryParameters()), locationId);
        return book.list(tenant.tenantId(), filter, PageRequest.parse(limit, cursor, AppointmentRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("appointments.write")
    public Uni<Response> create(@Valid NewAppointment input) {
        RequestBody.require(input);
        return book.book(Caller.of(tenant), input)
                .map(created -> Created.at("/api/v1/appointments/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("appointments.read")
    public Uni<AppointmentView> get(@PathParam("id") String id) {
        return book.get(tenant.tenantId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("appointments.write")
    public Uni<AppointmentView> reschedule(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch,
                                             JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        if (MetadataChange.only(patch)) {
            return metadataChange.apply(Caller.of(tenant), id, patch, ifMatch);
        }
        return book.reschedule(Caller.of(tenant), id, patch, ifMatch);
    }

    /** The body is optional (CONTRACT §15), so it is read as bytes and parsed by {@link CancelRequest}. */
    @POST
    @Path("{id}/cancel")
    @RolesAllowed("appointments.write")
    public Uni<AppointmentView> cancel(@PathParam("id") String id,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) throws IOException {
        CancelRequest request = CancelRequest.read(json, contentType, body);
        return book.cancel(Caller.of(tenant), id, request);
    }

    @POST
    @Path("{id}/complete")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("appointments.write")
    public Uni<AppointmentView> complete(@PathParam("id") String id, NoFields none) {
        return book.complete(Caller.of(tenant), id);
    }

    @POST
    @Path("{id}/no-show")
    @RolesAllowed("appointments.write")
    public Uni<AppointmentView> noShow(@PathParam("id") String id) {
        return book.noShow(Caller.of(tenant), id);
    }
}
