package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.reference.References;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The booked appointments of some staff members that overlap a window, read straight with the reactive client (a
 * search reads thousands of rows and changes none). Bounding the start from below by the longest a service lasts lets
 * the {@code (tenant_id, starts_at)} index find them without reading the tenant's whole past.
 */
@ApplicationScoped
class BookedTimes {

    private static final String OVERLAPPING = """
            select staff_id, starts_at, ends_at from appointments
            where tenant_id = $1 and status = 'booked' and staff_id = any($2)
              and starts_at > $3 and starts_at < $4 and ends_at > $5""";

    private final Pool pool;

    BookedTimes(Pool pool) {
        this.pool = pool;
    }

    /** Per staff id, the booked appointments that overlap {@code [from, to)}. */
    Uni<Map<String, List<Interval>>> overlapping(String tenantId, List<String> staffIds, Instant from, Instant to) {
        if (staffIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        Tuple arguments = Tuple.of(tenantId, staffIds.toArray(String[]::new),
                from.minus(References.LONGEST_SERVICE).atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC),
                from.atOffset(ZoneOffset.UTC));
        return pool.preparedQuery(OVERLAPPING).execute(arguments).map(rows -> {
            Map<String, List<Interval>> byStaff = new HashMap<>();
            for (Row row : rows) {
                byStaff.computeIfAbsent(row.getString(0), id -> new ArrayList<>()).add(new Interval(
                        row.getOffsetDateTime(1).toInstant(), row.getOffsetDateTime(2).toInstant()));
            }
            return byStaff;
        });
    }
}
