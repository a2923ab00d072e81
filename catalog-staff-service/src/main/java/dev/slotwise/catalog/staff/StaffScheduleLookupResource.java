package dev.slotwise.catalog.staff;

import dev.slotwise.commons.http.QueryTimestamps;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;

/**
 * Schedules for appointment-service (CONTRACT §14): one staff member's, to check a booking, and those of every
 * staff member who performs a service and has working hours, to search availability. Time off is what overlaps
 * {@code [from, to)}. Any valid internal token of the tenant may ask; the gateway never routes {@code /internal}.
 */
@Path("/internal/v1")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class StaffScheduleLookupResource {

    private final StaffSchedule schedule;
    private final TenantContext tenant;

    public StaffScheduleLookupResource(StaffSchedule schedule, TenantContext tenant) {
        this.schedule = schedule;
        this.tenant = tenant;
    }

    @GET
    @Path("staff/{id}/schedule")
    public Uni<StaffScheduleView> one(@PathParam("id") String id, @QueryParam("from") String from,
                                      @QueryParam("to") String to) {
        Window window = Window.parse(from, to);
        return schedule.scheduleOf(tenant.tenantId(), id, window.from(), window.to());
    }

    @GET
    @Path("staff-schedules")
    public Uni<Page<StaffScheduleView>> performing(@QueryParam("serviceId") String serviceId,
            @QueryParam("staffId") String staffId, @QueryParam("from") String from, @QueryParam("to") String to) {
        if (serviceId == null || serviceId.isBlank()) {
            throw ApiException.malformed("serviceId is required");
        }
        Window window = Window.parse(from, to);
        return schedule.schedulesPerforming(tenant.tenantId(), serviceId, staffId, window.from(), window.to())
                .map(Page::complete);
    }

    private record Window(Instant from, Instant to) {

        static Window parse(String from, String to) {
            Window window = new Window(QueryTimestamps.required("from", from), QueryTimestamps.required("to", to));
            if (!window.to().isAfter(window.from())) {
                throw ApiException.malformed("to must be later than from");
            }
            return window;
        }
    }
}
