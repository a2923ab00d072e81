package dev.slotwise.catalog.closure;

import dev.slotwise.catalog.calendar.CalendarDates;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.page.Page;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /api/v1/closures} (CONTRACT §15). The list is a calendar, not a feed: the closures of the dates
 * {@code [from, to]} (both included, at most 366 days apart; from today for a year when left out), ordered by date,
 * all in one answer.
 */
@Path("/api/v1/closures")
@Produces(MediaType.APPLICATION_JSON)
public class ClosureResource {

    private final Closures closures;
    private final TenantContext tenant;

    public ClosureResource(Closures closures, TenantContext tenant) {
        this.closures = closures;
        this.tenant = tenant;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("settings.write")
    public Uni<Response> create(@Valid ClosureInput input) {
        RequestBody.require(input);
        return closures.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/closures/" + created.id(), created));
    }

    @GET
    @RolesAllowed("settings.read")
    public Uni<Page<ClosureView>> list(@QueryParam("from") String from, @QueryParam("to") String to) {
        CalendarDates.Span span = CalendarDates.span(from, to, tenant.timeZone());
        return closures.between(tenant.tenantId(), span).map(Page::complete);
    }

    @DELETE
    @Path("{id}")
    @RolesAllowed("settings.write")
    public Uni<Response> delete(@PathParam("id") String id) {
        return closures.delete(tenant.tenantId(), id).replaceWith(Response.noContent().build());
    }
}
