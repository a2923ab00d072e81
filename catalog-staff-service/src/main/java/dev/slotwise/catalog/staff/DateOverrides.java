package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.catalog.calendar.CalendarDates;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Staff members' date overrides (CONTRACT §15): one row per member and date, replaced whole. Each statement reaches
 * the member only through the tenant, so another tenant's member is not found, exactly as a missing one.
 */
@ApplicationScoped
public class DateOverrides {

    private static final TypeReference<List<DayHours.Range>> STORED = new TypeReference<>() {
    };
    private static final String REPLACE = """
            insert into staff_date_overrides (staff_id, date, tenant_id, ranges, updated_at)
            select id, $3, tenant_id, $4, $5 from staff where id = $1 and tenant_id = $2
            on conflict (staff_id, date) do update set ranges = excluded.ranges, updated_at = excluded.updated_at""";
    /** One row with a null date for a member without overrides in the span; none for no such member. */
    private static final String BETWEEN = """
            select o.date, o.ranges from staff s
            left join staff_date_overrides o on o.staff_id = s.id and o.date between $3 and $4
            where s.id = $1 and s.tenant_id = $2 order by o.date""";
    private static final String DELETE = """
            delete from staff_date_overrides o using staff s
            where o.staff_id = s.id and s.id = $1 and s.tenant_id = $2 and o.date = $3""";

    private final Pool pool;
    private final ObjectMapper json;

    public DateOverrides(Pool pool, ObjectMapper json) {
        this.pool = pool;
        this.json = json;
    }

    /** Sets the member's hours on {@code date} to {@code hours} (checked) and answers the override. */
    Uni<DateOverrideView> replace(String tenantId, String staffId, LocalDate date, DayHours hours) {
        if (!Ids.looksLike(StaffRepository.PREFIX, staffId)) {
            return Uni.createFrom().failure(ApiException.notFound("staff member"));
        }
        Tuple values = Tuple.of(staffId, tenantId, date, write(hours.ranges()))
                .addOffsetDateTime(Instant.now().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC));
        return pool.preparedQuery(REPLACE).execute(values).map(rows -> {
            if (rows.rowCount() == 0) {
                throw ApiException.notFound("staff member");
            }
            return new DateOverrideView(date, hours.ranges());
        });
    }

    /** The member's overrides on the dates of {@code span}, by date. */
    Uni<List<DateOverrideView>> between(String tenantId, String staffId, CalendarDates.Span span) {
        if (!Ids.looksLike(StaffRepository.PREFIX, staffId)) {
            return Uni.createFrom().failure(ApiException.notFound("staff member"));
        }
        return pool.preparedQuery(BETWEEN).execute(Tuple.of(staffId, tenantId, span.first(), span.last()))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ApiException.notFound("staff member");
                    }
                    List<DateOverrideView> overrides = new ArrayList<>();
                    for (Row row : rows) {
                        if (row.getLocalDate(0) != null) {
                            overrides.add(new DateOverrideView(row.getLocalDate(0), read(json, row.getString(1))));
                        }
                    }
                    return overrides;
                });
    }

    Uni<Void> delete(String tenantId, String staffId, LocalDate date) {
        if (!Ids.looksLike(StaffRepository.PREFIX, staffId)) {
            return Uni.createFrom().failure(ApiException.notFound("date override"));
        }
        return pool.preparedQuery(DELETE).execute(Tuple.of(staffId, tenantId, date)).map(rows -> {
            if (rows.rowCount() == 0) {
                throw ApiException.notFound("date override");
            }
            return null;
        });
    }

    /** Stored ranges, as {@link #write} wrote them. */
    static List<DayHours.Range> read(ObjectMapper json, String stored) {
        try {
            return json.readValue(stored, STORED);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored date override is not readable", e);
        }
    }

    private String write(List<DayHours.Range> ranges) {
        try {
            return json.writeValueAsString(ranges);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
