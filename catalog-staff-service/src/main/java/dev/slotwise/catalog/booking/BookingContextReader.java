package dev.slotwise.catalog.booking;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.catalog.booking.BookingContextView.ClosedDay;
import dev.slotwise.catalog.booking.BookingContextView.Period;
import dev.slotwise.catalog.booking.BookingContextView.ResourceRef;
import dev.slotwise.catalog.booking.BookingContextView.ServiceTerms;
import dev.slotwise.catalog.booking.BookingContextView.StaffCalendar;
import dev.slotwise.catalog.policy.BookingPolicies;
import dev.slotwise.catalog.policy.BookingPolicy;
import dev.slotwise.catalog.staff.DateOverrideView;
import dev.slotwise.catalog.staff.StaffCalendars;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a booking context (see {@link BookingContextView}) in two rounds of queries on the reactive client, each
 * round's queries at once: the policy, the services and the staff (with their locations' time zones); then the
 * closures, the chosen staff's date overrides and time off, and the active resources of the types the services
 * require. Every query is an index lookup bounded by the window, so its cost grows with the staff and the days asked
 * about, not with the tenant's history.
 */
@ApplicationScoped
public class BookingContextReader {

    private static final String SERVICES = """
            select id, duration_minutes, buffer_before_minutes, buffer_after_minutes, active,
                   required_resource_types::text
            from services where tenant_id = $1 and id = any($2)""";
    private static final String STAFF_COLUMNS = "select s.id, s.service_ids, s.working_hours, s.location_id,"
            + " l.time_zone from staff s left join locations l on l.id = s.location_id and l.tenant_id = s.tenant_id";
    private static final String STAFF_NAMED = STAFF_COLUMNS + " where s.tenant_id = $1 and s.id = any($2) order by s.id";
    private static final String STAFF_ALL = STAFF_COLUMNS + " where s.tenant_id = $1 order by s.id";
    private static final String CLOSURES = """
            select distinct date, location_id from closures where tenant_id = $1 and date between $2 and $3
            order by date""";
    private static final String OVERRIDES = """
            select staff_id, date, ranges from staff_date_overrides
            where staff_id = any($1) and date between $2 and $3 order by date""";
    private static final String TIME_OFF = """
            select staff_id, starts_at, ends_at from time_off
            where staff_id = any($1) and starts_at < $3 and ends_at > $2 order by starts_at""";
    private static final String RESOURCES = """
            select id, type, location_id from resources
            where tenant_id = $1 and type = any($2) and active order by id""";

    private final Pool pool;
    private final BookingPolicies policies;
    private final ObjectMapper json;

    public BookingContextReader(Pool pool, BookingPolicies policies, ObjectMapper json) {
        this.pool = pool;
        this.policies = policies;
        this.json = json;
    }

    /**
     * The context of {@code serviceIds} and {@code staffIds} (empty: every staff member who performs one of the
     * services; none when no service is named either) for the time {@code [from, to)}: time off that overlaps it, and
     * overrides and closures of the local dates it touches in {@code zone} or in a chosen staff member's location's
     * zone, and one more on each side. Ids the tenant does not have are left out.
     */
    Uni<BookingContextView> read(String tenantId, ZoneId zone, List<String> serviceIds, List<String> staffIds,
            Instant from, Instant to) {
        Uni<BookingPolicy> policy = policies.of(tenantId);
        Uni<List<ServiceTerms>> services = serviceIds.isEmpty() ? Uni.createFrom().item(List.of())
                : pool.preparedQuery(SERVICES).execute(Tuple.of(tenantId, serviceIds.toArray(String[]::new)))
                        .map(rows -> {
                            List<ServiceTerms> found = new ArrayList<>();
                            for (Row row : rows) {
                                found.add(new ServiceTerms(row.getString(0), row.getInteger(1), row.getInteger(2),
                                        row.getInteger(3), row.getBoolean(4), types(row.getString(5))));
                            }
                            return found;
                        });
        Uni<List<StaffRow>> staff = staffIds.isEmpty() && serviceIds.isEmpty() ? Uni.createFrom().item(List.of())
                : (staffIds.isEmpty()
                ? pool.preparedQuery(STAFF_ALL).execute(Tuple.of(tenantId))
                : pool.preparedQuery(STAFF_NAMED).execute(Tuple.of(tenantId, staffIds.toArray(String[]::new))))
                .map(rows -> {
                    List<StaffRow> found = new ArrayList<>();
                    for (Row row : rows) {
                        List<String> performs = StaffCalendars.serviceIds(row.getString(1));
                        if (!staffIds.isEmpty() || performs.isEmpty()
                                || performs.stream().anyMatch(serviceIds::contains)) {
                            found.add(new StaffRow(row.getString(0), performs, row.getString(2), row.getString(3),
                                    row.getString(4)));
                        }
                    }
                    return found;
                });
        return Uni.combine().all().unis(policy, services, staff).asTuple().chain(first -> {
            List<StaffRow> chosen = first.getItem3();
            Set<ZoneId> zones = new HashSet<>();
            zones.add(zone);
            chosen.stream().filter(member -> member.timeZone() != null)
                    .forEach(member -> zones.add(ZoneId.of(member.timeZone())));
            LocalDate firstDay = zones.stream().map(z -> from.atZone(z).toLocalDate()).min(LocalDate::compareTo)
                    .orElseThrow().minusDays(1);
            LocalDate lastDay = zones.stream().map(z -> to.atZone(z).toLocalDate()).max(LocalDate::compareTo)
                    .orElseThrow().plusDays(1);
            return Uni.combine().all().unis(calendars(chosen, firstDay, lastDay, from, to),
                            closures(tenantId, firstDay, lastDay), resources(tenantId, first.getItem2())).asTuple()
                    .map(second -> new BookingContextView(first.getItem1(), first.getItem2(), second.getItem1(),
                            second.getItem2(), second.getItem3()));
        });
    }

    private record StaffRow(String id, List<String> serviceIds, String weekly, String locationId, String timeZone) {
    }

    private List<String> types(String column) {
        try {
            return List.of(json.readValue(column, String[].class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a service's required resource types are not a JSON array of text", e);
        }
    }

    private Uni<List<ClosedDay>> closures(String tenantId, LocalDate firstDay, LocalDate lastDay) {
        return pool.preparedQuery(CLOSURES).execute(Tuple.of(tenantId, firstDay, lastDay)).map(rows -> {
            List<ClosedDay> found = new ArrayList<>();
            for (Row row : rows) {
                found.add(new ClosedDay(row.getLocalDate(0), row.getString(1)));
            }
            return found;
        });
    }

    /** The active resources of every type one of {@code services} requires, by id. */
    private Uni<List<ResourceRef>> resources(String tenantId, List<ServiceTerms> services) {
        String[] types = services.stream().flatMap(service -> service.requiredResourceTypes().stream()).distinct()
                .toArray(String[]::new);
        if (types.length == 0) {
            return Uni.createFrom().item(List.of());
        }
        return pool.preparedQuery(RESOURCES).execute(Tuple.of(tenantId, types)).map(rows -> {
            List<ResourceRef> found = new ArrayList<>();
            for (Row row : rows) {
                found.add(new ResourceRef(row.getString(0), row.getString(1), row.getString(2)));
            }
            return found;
        });
    }

    private Uni<List<StaffCalendar>> calendars(List<StaffRow> staff, LocalDate firstDay, LocalDate lastDay,
            Instant from, Instant to) {
        if (staff.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        String[] ids = staff.stream().map(StaffRow::id).toArray(String[]::new);
        Uni<Map<String, List<DateOverrideView>>> overrides = pool.preparedQuery(OVERRIDES)
                .execute(Tuple.of(ids, firstDay, lastDay)).map(rows -> {
                    Map<String, List<DateOverrideView>> byStaff = new HashMap<>();
                    for (Row row : rows) {
                        byStaff.computeIfAbsent(row.getString(0), id -> new ArrayList<>()).add(new DateOverrideView(
                                row.getLocalDate(1), StaffCalendars.ranges(json, row.getString(2))));
                    }
                    return byStaff;
                });
        Uni<Map<String, List<Period>>> timeOff = pool.preparedQuery(TIME_OFF)
                .execute(Tuple.of(ids, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC))).map(rows -> {
                    Map<String, List<Period>> byStaff = new HashMap<>();
                    for (Row row : rows) {
                        byStaff.computeIfAbsent(row.getString(0), id -> new ArrayList<>()).add(new Period(
                                row.getOffsetDateTime(1).toInstant(), row.getOffsetDateTime(2).toInstant()));
                    }
                    return byStaff;
                });
        return Uni.combine().all().unis(overrides, timeOff).asTuple().map(found -> staff.stream()
                .map(member -> new StaffCalendar(member.id(), member.serviceIds(), member.locationId(),
                        member.timeZone(), StaffCalendars.weekly(json, member.weekly()),
                        found.getItem1().getOrDefault(member.id(), List.of()),
                        found.getItem2().getOrDefault(member.id(), List.of())))
                .toList());
    }
}
