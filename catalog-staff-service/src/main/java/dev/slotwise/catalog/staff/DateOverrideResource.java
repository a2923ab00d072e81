package dev.slotwise.catalog.staff;

import dev.slotwise.catalog.calendar.CalendarDates;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /api/v1/staff/{id}/date-overrides} (CONTRACT §15): a member's hours on particular dates. A date that is no
 * {@code YYYY-MM-DD} day is 400, in the path as in the list's {@code from} and {@code to}; the list is the dates
 * {@code [from, to]} (both included, at most 366 days apart; from today for a year when left out), by date.
 */
@Path("/api/v1/staff/{id}/date-overrides")
@Produces(MediaType.APPLICATION_JSON)
public class DateOverrideResource {

    private final DateOverrides overrides;
    private final TenantContext tenant;

    public DateOverrideResource(DateOverrides overrides, TenantContext tenant) {
        this.overrides = overrides;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("staff.read")
    public Uni<Page<DateOverrideView>> list(@PathParam("id") String id, @QueryParam("from") String from,
            @QueryParam("to") String to) {
        CalendarDates.Span span = CalendarDates.span(from, to, tenant.timeZone());
        return overrides.between(tenant.tenantId(), id, span).map(Page::complete);
    }

    @PUT
    @Path("{date}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("staff.write")
    public Uni<DateOverrideView> replace(@PathParam("id") String id, @PathParam("date") String date,
            @Valid DayHours hours) {
        RequestBody.require(hours);
        return overrides.replace(tenant.tenantId(), id, CalendarDates.parameter("date", date), hours.checked());
    }

    @DELETE
    @Path("{date}")
    @RolesAllowed("staff.write")
    public Uni<Response> delete(@PathParam("id") String id, @PathParam("date") String date) {
        return overrides.delete(tenant.tenantId(), id, CalendarDates.parameter("date", date))
                .replaceWith(Response.noContent().build());
    }
}
