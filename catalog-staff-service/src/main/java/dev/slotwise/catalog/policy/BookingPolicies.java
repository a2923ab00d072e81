package dev.slotwise.catalog.policy;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * The tenants' booking policies: one row per tenant that set one, written whole by one upsert (two racing
 * {@code PUT}s leave one of the two policies, never a mix), read by one primary-key lookup.
 */
@ApplicationScoped
public class BookingPolicies {

    private static final String READ = """
            select min_notice_minutes, max_advance_days, cancellation_window_minutes,
                   max_appointments_per_staff_per_day, policy_text
            from booking_policies where tenant_id = $1""";
    private static final String WRITE = """
            insert into booking_policies (tenant_id, min_notice_minutes, max_advance_days, cancellation_window_minutes,
                                          max_appointments_per_staff_per_day, policy_text, updated_at)
            values ($1, $2, $3, $4, $5, $6, $7)
            on conflict (tenant_id) do update set
                min_notice_minutes = excluded.min_notice_minutes, max_advance_days = excluded.max_advance_days,
                cancellation_window_minutes = excluded.cancellation_window_minutes,
                max_appointments_per_staff_per_day = excluded.max_appointments_per_staff_per_day,
                policy_text = excluded.policy_text, updated_at = excluded.updated_at""";

    private final Pool pool;

    public BookingPolicies(Pool pool) {
        this.pool = pool;
    }

    /** The tenant's policy; the defaults when it never set one. */
    public Uni<BookingPolicy> of(String tenantId) {
        return pool.preparedQuery(READ).execute(Tuple.of(tenantId)).map(BookingPolicies::policyOf);
    }

    /** Replaces the tenant's policy with {@code policy} (validated, defaults applied) and answers it. */
    Uni<BookingPolicy> replace(String tenantId, BookingPolicy policy) {
        Tuple values = Tuple.of(tenantId, policy.minNoticeMinutes(), policy.maxAdvanceDays(),
                policy.cancellationWindowMinutes(), policy.maxAppointmentsPerStaffPerDay(), policy.policyText());
        values.addOffsetDateTime(Instant.now().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC));
        return pool.preparedQuery(WRITE).execute(values).replaceWith(policy);
    }

    private static BookingPolicy policyOf(RowSet<Row> rows) {
        if (rows.size() == 0) {
            return BookingPolicy.DEFAULT;
        }
        Row row = rows.iterator().next();
        return new BookingPolicy(row.getInteger(0), row.getInteger(1), row.getInteger(2), row.getInteger(3),
                row.getString(4));
    }
}
