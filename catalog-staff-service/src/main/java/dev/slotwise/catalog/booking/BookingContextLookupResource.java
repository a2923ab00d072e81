package dev.slotwise.catalog.booking;

import dev.slotwise.commons.http.QueryTimestamps;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * {@code GET /internal/v1/booking-context?serviceId=…&staffId=…&from=…&to=…}: what appointment-service's rule engine
 * needs to decide bookings and search availability in {@code [from, to)} (CONTRACT §14, §15), in one round trip, read
 * fresh on every call so that a change of a policy, schedule or service shows in the next decision. {@code serviceId}
 * and {@code staffId} may repeat; without {@code staffId}, every staff member who performs one of the services
 * (without either, no staff: the policy and closures alone). Dates
 * are the tenant's, from the token's time zone. Any valid internal token of the tenant may ask; the gateway never
 * routes {@code /internal}.
 */
@Path("/internal/v1/booking-context")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class BookingContextLookupResource {

    /** More than any one decision or search names (§16: five services, each with its staff member). */
    private static final int MOST_IDS = 100;
    /** A search spans at most 31 days, plus the longest service; a year is far beyond any caller. */
    private static final Duration LONGEST_WINDOW = Duration.ofDays(366);

    private final BookingContextReader reader;
    private final TenantContext tenant;

    public BookingContextLookupResource(BookingContextReader reader, TenantContext tenant) {
        this.reader = reader;
        this.tenant = tenant;
    }

    @GET
    public Uni<BookingContextView> read(@QueryParam("serviceId") List<String> serviceIds,
            @QueryParam("staffId") List<String> staffIds, @QueryParam("from") String from,
            @QueryParam("to") String to) {
        Instant start = QueryTimestamps.required("from", from);
        Instant end = QueryTimestamps.required("to", to);
        if (!end.isAfter(start) || Duration.between(start, end).compareTo(LONGEST_WINDOW) > 0) {
            throw ApiException.malformed("to must be later than from, by at most 366 days");
        }
        if (serviceIds.size() > MOST_IDS || staffIds.size() > MOST_IDS) {
            throw ApiException.malformed("at most 100 serviceId and 100 staffId");
        }
        // an id of another shape names nothing here, and never reaches a query
        return reader.read(tenant.tenantId(), tenant.timeZone(), shaped("svc", serviceIds), shaped("stf", staffIds),
                start, end);
    }

    private static List<String> shaped(String prefix, List<String> ids) {
        return ids.stream().filter(id -> Ids.looksLike(prefix, id)).distinct().toList();
    }
}
