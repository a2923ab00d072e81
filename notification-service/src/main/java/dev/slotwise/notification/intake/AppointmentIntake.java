package dev.slotwise.notification.intake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.ConsumerRetry;
import dev.slotwise.commons.event.EventRecords;
import dev.slotwise.notification.schedule.Kind;
import dev.slotwise.notification.schedule.NotificationWorker;
import dev.slotwise.notification.schedule.Planner;
import dev.slotwise.notification.settings.SettingsStore;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Applies appointment.* events (CONTRACT §7) to this service's copy of the appointment and to the schedule, each
 * event once (its id is recorded in the same transaction): booked → a confirmation now and a reminder at each
 * offset still ahead; rescheduled (a new start, staff or service) → a notice, the pending reminders moved and the
 * missing ones added; cancelled → a notice and the pending reminders cancelled; completed or no-show → nothing
 * more to send. The iCalendar {@code SEQUENCE} grows with each change the customer would see.
 */
@ApplicationScoped
public class AppointmentIntake {

    /**
     * The event's data as a map, by a plain mapper: the application's (and Vert.x's, which Quarkus gives the same
     * customisations) refuses a null inside a map, and appointment data holds {@code "cancellation": null}.
     */
    private static final com.fasterxml.jackson.databind.ObjectMapper PLAIN =
            new com.fasterxml.jackson.databind.ObjectMapper();
    private static final com.fasterxml.jackson.core.type.TypeReference<java.util.Map<String, Object>> MAP =
            new com.fasterxml.jackson.core.type.TypeReference<>() {
            };

    private static final Logger LOG = Logger.getLogger(AppointmentIntake.class);
    private static final String FIRST_TIME = "insert into applied_events (event_id) values ($1) on conflict do nothing";
    private static final String BEFORE = """
            select data, sequence from appointments where id = $1 and tenant_id = $2 for update""";
    private static final String KEEP = """
            insert into appointments (id, tenant_id, customer_id, service_ids, staff_ids, starts_at, ends_at, status,
                time_zone, location_id, sequence, data)
            values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
            on conflict (id) do update set customer_id = excluded.customer_id, service_ids = excluded.service_ids,
                staff_ids = excluded.staff_ids, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
                status = excluded.status, time_zone = excluded.time_zone, location_id = excluded.location_id,
                sequence = excluded.sequence, data = excluded.data, updated_at = now()""";

    private final Pool pool;
    private final ObjectMapper json;
    private final Planner planner;
    private final SettingsStore settings;
    private final NotificationWorker worker;

    public AppointmentIntake(Pool pool, ObjectMapper json, Planner planner, SettingsStore settings,
            NotificationWorker worker) {
        this.pool = pool;
        this.json = json;
        this.planner = planner;
        this.settings = settings;
        this.worker = worker;
    }

    @Incoming("appointments")
    public Uni<Void> consume(String record) {
        JsonNode event = EventRecords.envelope(json, record);
        String type = event.get("type").asText();
        if (!type.startsWith("appointment.") || type.equals("appointment.reminder_due")) {
            return Uni.createFrom().voidItem();
        }
        AppointmentCopy copy = AppointmentCopy.of(event.path("data"));
        Instant at = event.hasNonNull("createdAt") ? Instant.parse(event.get("createdAt").asText()) : Instant.now();
        return ConsumerRetry.untilApplied(
                pool.withTransaction(connection -> applyOnce(connection, event, type, copy, at)),
                LOG, "applying " + type + " " + event.get("id").asText())
                .invoke(worker::wake);
    }

    private Uni<Void> applyOnce(SqlConnection connection, JsonNode event, String type, AppointmentCopy copy,
            Instant at) {
        String tenantId = event.get("tenantId").asText();
        return connection.preparedQuery(FIRST_TIME).execute(Tuple.of(event.get("id").asText()))
                .chain(first -> first.rowCount() == 0 ? Uni.createFrom().voidItem()
                        : connection.preparedQuery(BEFORE).execute(Tuple.of(copy.id(), tenantId))
                                .chain(before -> apply(connection, tenantId, event, type, copy, before, at)));
    }

    private Uni<Void> apply(SqlConnection connection, String tenantId, JsonNode event, String type,
            AppointmentCopy copy, RowSet<Row> before, Instant at) {
        Row previous = before.iterator().hasNext() ? before.iterator().next() : null;
        AppointmentCopy old = previous == null ? null
                : AppointmentCopy.of(json.valueToTree(previous.getJsonObject("data").getMap()));
        int sequence = previous == null ? 0 : previous.getInteger("sequence");
        boolean moved = old != null && copy.movedFrom(old);
        boolean cancelled = type.equals("appointment.cancelled") && (old == null || !"cancelled".equals(old.status()));
        if (moved || cancelled) {
            sequence++;
        }
        Uni<Void> kept = keep(connection, tenantId, copy, sequence, event.path("data"));
        String id = copy.id();
        return switch (type) {
            case "appointment.created" -> kept
                    .chain(() -> planner.plan(connection, tenantId, id, copy.customerId(), Kind.CONFIRMATION, null,
                            id + ":confirmation", at))
                    .chain(() -> settings.read(connection, tenantId))
                    .chain(s -> planner.planReminders(connection, tenantId, id, copy.customerId(), copy.startsAt(),
                            s.reminderMinutesBefore(), at));
            case "appointment.updated" -> !moved || !"booked".equals(copy.status()) ? kept : kept
                    .chain(() -> planner.plan(connection, tenantId, id, copy.customerId(), Kind.RESCHEDULED, null,
                            id + ":rescheduled:" + event.get("id").asText(), at))
                    .chain(() -> planner.moveReminders(connection, id, copy.startsAt()))
                    .chain(() -> settings.read(connection, tenantId))
                    .chain(s -> planner.planReminders(connection, tenantId, id, copy.customerId(), copy.startsAt(),
                            s.reminderMinutesBefore(), Instant.now()));
            case "appointment.cancelled" -> kept
                    .chain(() -> planner.endPending(connection, id, List.of(Kind.REMINDER),
                            "the appointment was cancelled"))
                    .chain(() -> planner.plan(connection, tenantId, id, copy.customerId(), Kind.CANCELLED, null,
                            id + ":cancelled", at));
            case "appointment.completed", "appointment.no_show" -> kept
                    .chain(() -> planner.endPending(connection, id, List.of(Kind.REMINDER),
                            "the appointment is " + copy.status()));
            default -> kept;
        };
    }

    private Uni<Void> keep(SqlConnection connection, String tenantId, AppointmentCopy copy, int sequence,
            JsonNode data) {
        return connection.preparedQuery(KEEP).execute(Tuple.from(new Object[] {copy.id(), tenantId,
                copy.customerId(), copy.serviceIds().toArray(String[]::new), copy.staffIds().toArray(String[]::new),
                copy.startsAt().atOffset(ZoneOffset.UTC), copy.endsAt().atOffset(ZoneOffset.UTC), copy.status(),
                copy.timeZone(), copy.locationId(), sequence, new JsonObject(PLAIN.convertValue(data, MAP))}))
                .replaceWithVoid();
    }
}
