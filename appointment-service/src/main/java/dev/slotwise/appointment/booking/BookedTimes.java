package dev.slotwise.appointment.booking;

import dev.slotwise.appointment.rules.BookedTime;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The appointments the rules must see, read straight with the reactive client (a month's search reads thousands of
 * rows and changes none): every one that is not cancelled and starts in a span, with the range it occupies —
 * booked and no-show appointments occupy theirs (a no-show only until it was marked), completed ones none — and all
 * of them counting toward their day's limit. The {@code (tenant_id, starts_at)} index finds them.
 */
@ApplicationScoped
public class BookedTimes {

    private static final String STARTING = """
            select id, staff_id, starts_at, occupied_from, occupied_until, status from appointments
            where tenant_id = $1 and status <> 'cancelled' and starts_at >= $2 and starts_at < $3""";
    private static final String STARTING_WITH = STARTING + " and staff_id = any($4)";

    private final Pool pool;

    BookedTimes(Pool pool) {
        this.pool = pool;
    }

    /**
     * The appointments starting in {@code [from, to)}, of {@code staffIds} only when not empty, without
     * {@code moving} (the one being rescheduled; null for none).
     */
    Uni<List<BookedTime>> starting(String tenantId, List<String> staffIds, Instant from, Instant to, String moving) {
        Tuple arguments = Tuple.of(tenantId, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC));
        if (!staffIds.isEmpty()) {
            arguments.addArrayOfString(staffIds.toArray(String[]::new));
        }
        return pool.preparedQuery(staffIds.isEmpty() ? STARTING : STARTING_WITH).execute(arguments).map(rows -> {
            List<BookedTime> found = new ArrayList<>(rows.size());
            for (Row row : rows) {
                String id = row.getString(0);
                if (id.equals(moving)) {
                    continue;
                }
                long occupiedFrom = row.getOffsetDateTime(3).toInstant().toEpochMilli();
                boolean occupies = !"completed".equals(row.getString(5));
                found.add(new BookedTime(id, row.getString(1), row.getOffsetDateTime(2).toInstant().toEpochMilli(),
                        occupiedFrom, occupies ? row.getOffsetDateTime(4).toInstant().toEpochMilli() : occupiedFrom,
                        true));
            }
            return found;
        });
    }
}
