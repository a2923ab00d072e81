package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.reference.References;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The booked appointments that overlap a window, per staff member, in epoch milliseconds; read straight with the
 * reactive client (a search reads thousands of rows and changes none). It needs no staff ids, so a search asks for it
 * at the same time as it asks catalog-staff-service who works. Bounding the start from below by the longest a
 * service lasts lets the {@code (tenant_id, starts_at)} index find them without reading the tenant's whole past.
 */
@ApplicationScoped
class BookedTimes {

    private static final String OVERLAPPING = """
            select staff_id, starts_at, ends_at from appointments
            where tenant_id = $1 and status = 'booked' and starts_at > $2 and starts_at < $3 and ends_at > $4""";
    private static final String OVERLAPPING_ONE = OVERLAPPING + " and staff_id = $5";

    private final Pool pool;

    BookedTimes(Pool pool) {
        this.pool = pool;
    }

    /** Per staff id, the booked appointments that overlap {@code [from, to)}; only {@code staffId}'s when not null. */
    Uni<Map<String, List<Interval>>> overlapping(String tenantId, String staffId, Instant from, Instant to) {
        Tuple arguments = Tuple.of(tenantId, from.minus(References.LONGEST_SERVICE).atOffset(ZoneOffset.UTC),
                to.atOffset(ZoneOffset.UTC), from.atOffset(ZoneOffset.UTC));
        if (staffId != null) {
            arguments.addString(staffId);
        }
        return pool.preparedQuery(staffId == null ? OVERLAPPING : OVERLAPPING_ONE).execute(arguments).map(rows -> {
            Map<String, List<Interval>> byStaff = new HashMap<>();
            for (Row row : rows) {
                byStaff.computeIfAbsent(row.getString(0), id -> new ArrayList<>()).add(new Interval(
                        row.getOffsetDateTime(1).toInstant().toEpochMilli(),
                        row.getOffsetDateTime(2).toInstant().toEpochMilli()));
            }
            return byStaff;
        });
    }
}
