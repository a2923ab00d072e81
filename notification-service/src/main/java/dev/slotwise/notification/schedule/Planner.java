package dev.slotwise.notification.schedule;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.trace.TraceParents;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Writes the schedule, inside the transaction that applies an event: each e-mail is one row whose {@code dedupe_key}
 * makes it exist once — a confirmation and a cancellation notice per appointment, a reminder per offset, a
 * reschedule notice per rescheduling event — however often the event is consumed.
 */
@ApplicationScoped
public class Planner {

    private static final String PLAN = """
            insert into notifications (id, tenant_id, appointment_id, customer_id, kind, minutes_before, dedupe_key,
                recipient, status, scheduled_for, next_attempt_at, trace_parent)
            values ($1, $2, $3, $4, $5, $6, $7,
                (select email from customers where id = $4 and not erased), 'scheduled', $8, $8, $9)
            on conflict (dedupe_key) do nothing""";
    /** Pending reminders follow the new start; one whose new time has passed is skipped with its reason. */
    private static final String MOVE_REMINDERS = """
            update notifications set
                scheduled_for = $2::timestamptz - make_interval(mins => minutes_before),
                next_attempt_at = case when attempt_count = 0 then $2::timestamptz - make_interval(mins => minutes_before)
                    else next_attempt_at end,
                status = case when $2::timestamptz - make_interval(mins => minutes_before) <= now() then 'skipped' else status end,
                error = case when $2::timestamptz - make_interval(mins => minutes_before) <= now()
                    then 'the offset had passed when the appointment was rescheduled' else error end
            where appointment_id = $1 and kind = 'reminder' and status = 'scheduled' and sending_since is null""";
    private static final String END_PENDING = """
            update notifications set status = 'skipped', error = $3
            where appointment_id = $1 and status = 'scheduled' and sending_since is null and kind = any($2)""";

    public Uni<Void> plan(SqlClient client, String tenantId, String appointmentId, String customerId, Kind kind,
            Integer minutesBefore, String dedupeKey, Instant scheduledFor) {
        return client.preparedQuery(PLAN)
                .execute(Tuple.from(new Object[] {Ids.next("ntf"), tenantId, appointmentId, customerId, kind.value(),
                        minutesBefore, dedupeKey, scheduledFor.atOffset(ZoneOffset.UTC), TraceParents.current()}))
                .replaceWithVoid();
    }

    /** A reminder at each offset that is still ahead of {@code now}; an offset already past gets none. */
    public Uni<Void> planReminders(SqlClient client, String tenantId, String appointmentId, String customerId,
            Instant startsAt, List<Integer> offsets, Instant now) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (int minutes : offsets) {
            Instant due = startsAt.minusSeconds(minutes * 60L);
            if (due.isAfter(now)) {
                chain = chain.chain(() -> plan(client, tenantId, appointmentId, customerId, Kind.REMINDER, minutes,
                        appointmentId + ":reminder:" + minutes, due));
            }
        }
        return chain;
    }

    public Uni<Void> moveReminders(SqlClient client, String appointmentId, Instant newStart) {
        return client.preparedQuery(MOVE_REMINDERS)
                .execute(Tuple.of(appointmentId, newStart.atOffset(ZoneOffset.UTC))).replaceWithVoid();
    }

    /** Pending e-mails of these kinds will not be sent: skipped, with the reason. */
    public Uni<Void> endPending(SqlClient client, String appointmentId, List<Kind> kinds, String reason) {
        return client.preparedQuery(END_PENDING)
                .execute(Tuple.of(appointmentId, kinds.stream().map(Kind::value).toArray(String[]::new), reason))
                .replaceWithVoid();
    }
}
