package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.rules.Window;
import dev.slotwise.commons.http.QueryTimestamps;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** {@code GET /api/v1/availability} (CONTRACT §14, §16): every free slot, not paged; and why a time is not (§15). */
@Path("/api/v1/availability")
@Produces(MediaType.APPLICATION_JSON)
public class AvailabilityResource {

    private static final Instant FIRST_WRITABLE = Instant.parse("0001-01-02T00:00:00Z");
    private static final Duration LONGEST_SERVICE = Duration.ofMinutes(720);

    private final AvailabilitySearch search;
    private final Explanations explanations;
    private final TenantContext tenant;

    public AvailabilityResource(AvailabilitySearch search, Explanations explanations, TenantContext tenant) {
        this.search = search;
        this.explanations = explanations;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("appointments.read")
    public Uni<Response> search(@QueryParam("serviceId") String serviceId,
            @QueryParam("serviceIds") String serviceIds, @QueryParam("from") String from,
            @QueryParam("to") String to, @QueryParam("staffId") String staffId,
            @QueryParam("anyStaff") String anyStaff, @QueryParam("slotMinutes") String slotMinutes,
            @Context UriInfo uri) {
        // locationId read from the query itself: given empty (?locationId=) it is malformed, not absent
        AvailabilityQuery query = AvailabilityQuery.parse(serviceId, serviceIds, from, to, staffId, anyStaff,
                slotMinutes, uri.getQueryParameters().getFirst("locationId"));
        return search.search(Caller.of(tenant), query)
                .map(answer -> Response.ok(answer, MediaType.APPLICATION_JSON_TYPE).build());
    }

    /** All three parameters are required (400 otherwise); ids the tenant does not have are 422. */
    @GET
    @Path("explain")
    @RolesAllowed("appointments.read")
    public Uni<Explanations.Explanation> explain(@QueryParam("serviceId") String serviceId,
            @QueryParam("staffId") String staffId, @QueryParam("startsAt") String startsAt) {
        if (serviceId == null || serviceId.isBlank()) {
            throw ApiException.malformed("serviceId is required");
        }
        if (staffId == null || staffId.isBlank()) {
            throw ApiException.malformed("staffId is required");
        }
        Instant start = QueryTimestamps.required("startsAt", startsAt).truncatedTo(ChronoUnit.MILLIS);
        if (start.isBefore(FIRST_WRITABLE) || start.plus(LONGEST_SERVICE).isAfter(Window.LAST_WRITABLE)) {
            throw ApiException.malformed("startsAt must leave room for any service within the years 0001 to 9999");
        }
        return explanations.explain(Caller.of(tenant), serviceId, staffId, start);
    }
}
