package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.json.NoFields;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/v1/staff} with check-in and check-out (CONTRACT §5). */
@Path("/api/v1/staff")
@Produces(MediaType.APPLICATION_JSON)
public class StaffResource {

    private final StaffRoster roster;
    private final StaffSchedule schedule;
    private final TenantContext tenant;

    public StaffResource(StaffRoster roster, StaffSchedule schedule, TenantContext tenant) {
        this.roster = roster;
        this.schedule = schedule;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("staff.read")
    public Uni<Page<StaffView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return roster.list(tenant.tenantId(), PageRequest.parse(limit, cursor, StaffRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("staff.write")
    public Uni<Response> create(@Valid StaffInput input) {
        RequestBody.require(input);
        return roster.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/staff/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("staff.read")
    public Uni<StaffView> get(@PathParam("id") String id) {
        return roster.get(tenant.tenantId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("staff.write")
    public Uni<StaffView> update(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch,
                                  JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return roster.update(tenant.tenantId(), id, patch, ifMatch);
    }

    @POST
    @Path("{id}/check-in")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("staff.write")
    public Uni<StaffView> checkIn(@PathParam("id") String id, NoFields none) {
        return roster.checkIn(tenant.tenantId(), id);
    }

    @POST
    @Path("{id}/check-out")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("staff.write")
    public Uni<StaffView> checkOut(@PathParam("id") String id, NoFields none) {
        return roster.checkOut(tenant.tenantId(), id);
    }

    @GET
    @Path("{id}/working-hours")
    @RolesAllowed("staff.read")
    public Uni<WorkingHours> workingHours(@PathParam("id") String id) {
        return schedule.workingHours(tenant.tenantId(), id);
    }

    @PUT
    @Path("{id}/working-hours")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("staff.write")
    public Uni<WorkingHours> replaceWorkingHours(@PathParam("id") String id, @Valid WorkingHours hours) {
        RequestBody.require(hours);
        return schedule.replaceWorkingHours(tenant.tenantId(), id, hours.checked());
    }

    @POST
    @Path("{id}/time-off")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("staff.write")
    public Uni<Response> addTimeOff(@PathParam("id") String id, @Valid TimeOffInput input) {
        RequestBody.require(input);
        return schedule.addTimeOff(tenant.tenantId(), id, input)
                .map(created -> Created.at("/api/v1/staff/" + id + "/time-off/" + created.id(), created));
    }

    @GET
    @Path("{id}/time-off")
    @RolesAllowed("staff.read")
    public Uni<Page<TimeOffView>> timeOff(@PathParam("id") String id, @QueryParam("limit") String limit,
                                          @QueryParam("cursor") String cursor) {
        return schedule.timeOff(tenant.tenantId(), id, PageRequest.parse(limit, cursor, TimeOffRepository.PREFIX));
    }

    @DELETE
    @Path("{id}/time-off/{timeOffId}")
    @RolesAllowed("staff.write")
    public Uni<Response> removeTimeOff(@PathParam("id") String id, @PathParam("timeOffId") String timeOffId) {
        return schedule.removeTimeOff(tenant.tenantId(), id, timeOffId).replaceWith(Response.noContent().build());
    }
}
