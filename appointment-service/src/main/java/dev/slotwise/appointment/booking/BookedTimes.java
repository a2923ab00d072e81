package dev.slotwise.appointment.booking;

import dev.slotwise.appointment.rules.BookedTime;
import dev.slotwise.appointment.rules.ResourceTime;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Collector;

/**
 * What occupies the staff, as the rules must see it, read straight with the reactive client (a month's search reads
 * thousands of rows and changes none): every segment of an appointment that is not cancelled, and of a hold that is
 * still live, starting in a span — booked and no-show appointments occupy their range (a no-show only until it was
 * marked), completed ones none, live holds theirs — and all of them counting toward their day's limit. A hold is live
 * until its expiry by the database's clock, the clock the exclusion constraint's lives are written by: an expired
 * hold is left out whether or not the sweeper has deleted it. The {@code (tenant_id, starts_at)} index finds them.
 *
 * <p>Each row is turned into its record as it is decoded ({@link Collector}), so a month's thousands of rows never
 * stand as a result set beside the records: what a search keeps alive while the next rows arrive is the records alone,
 * which a young collection then need not copy (see bench/README.md, 2026-11-27).
 */
@ApplicationScoped
public class BookedTimes {

    private static final String STARTING = """
            select owner_id, staff_id, starts_at, ends_at, occupied_from, occupied_until, state from visit_segments
            where tenant_id = $1 and state <> 'cancelled' and live_until > clock_timestamp()
              and starts_at >= $2 and starts_at < $3""";
    private static final String STARTING_WITH = STARTING + " and staff_id = any($4)";
    /**
     * The resources taken (CONTRACT §17) by booked and no-show appointments and live holds, whose occupied range
     * starts in a span: the span begins early enough for the longest visit (five services of 720 minutes with their
     * buffers) to reach into the window.
     */
    private static final String RESOURCES_TAKEN = """
            select owner_id, resource_id, occupied_from, occupied_until, state from resource_occupations
            where tenant_id = $1 and state in ('booked', 'no_show', 'held') and live_until > clock_timestamp()
              and occupied_from >= $2 and occupied_from < $3""";
    private static final Duration LONGEST_VISIT = Duration.ofMinutes(5 * (720 + 2 * 240));

    private final Pool pool;

    BookedTimes(Pool pool) {
        this.pool = pool;
    }

    /**
     * The segments starting in {@code [from, to)}, of {@code staffIds} only when not empty, without those of
     * {@code moving} (the appointment being rescheduled; null for none).
     */
    Uni<List<BookedTime>> starting(String tenantId, List<String> staffIds, Instant from, Instant to, String moving) {
        Tuple arguments = Tuple.of(tenantId, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC));
        if (!staffIds.isEmpty()) {
            arguments.addArrayOfString(staffIds.toArray(String[]::new));
        }
        return query(staffIds.isEmpty() ? STARTING : STARTING_WITH, arguments, (found, row) -> {
            String id = row.getString(0);
            if (id.equals(moving)) {
                return;
            }
            String state = row.getString(6);
            long occupiedFrom = millis(row, 4);
            boolean occupies = !"completed".equals(state);
            found.add(new BookedTime(id, row.getString(1), millis(row, 2), millis(row, 3), occupiedFrom,
                    occupies ? millis(row, 5) : occupiedFrom, true, "held".equals(state)));
        });
    }

    /**
     * The time resources are taken in {@code [from, to)} (by what occupies them from as early as the longest visit
     * before {@code from}), without what {@code moving} takes (the appointment being rescheduled; null for none).
     */
    Uni<List<ResourceTime>> resourcesTaken(String tenantId, Instant from, Instant to, String moving) {
        Tuple arguments = Tuple.of(tenantId, from.minus(LONGEST_VISIT).atOffset(ZoneOffset.UTC),
                to.atOffset(ZoneOffset.UTC));
        return query(RESOURCES_TAKEN, arguments, (found, row) -> {
            String owner = row.getString(0);
            if (!owner.equals(moving)) {
                found.add(new ResourceTime(owner, row.getString(1), millis(row, 2), millis(row, 3),
                        "held".equals(row.getString(4))));
            }
        });
    }

    /** The records {@code add} makes of the rows of {@code sql}, each made as its row is decoded. */
    private <T> Uni<List<T>> query(String sql, Tuple arguments, BiConsumer<List<T>, Row> add) {
        Collector<Row, List<T>, List<T>> records = Collector.of(ArrayList::new, add, (a, b) -> {
            a.addAll(b);
            return a;
        });
        return UniHelper.toUni(pool.getDelegate().preparedQuery(sql).collecting(records).execute(arguments))
                .map(SqlResult::value);
    }

    private static long millis(Row row, int column) {
        return row.getOffsetDateTime(column).toInstant().toEpochMilli();
    }
}
