package dev.slotwise.notification.schedule;

import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.time.OffsetDateTime;

/** A due e-mail this replica leased. {@code interrupted}: a replica that died had begun sending it. */
record Claimed(String id, String tenantId, String appointmentId, String customerId, Kind kind, Integer minutesBefore,
        int attemptCount, boolean interrupted, boolean eventEmitted, Instant scheduledFor, String traceParent) {

    static Claimed of(Row row) {
        OffsetDateTime scheduled = row.getOffsetDateTime("scheduled_for");
        return new Claimed(row.getString("id"), row.getString("tenant_id"), row.getString("appointment_id"),
                row.getString("customer_id"), Kind.of(row.getString("kind")), row.getInteger("minutes_before"),
                row.getInteger("attempt_count"), row.getOffsetDateTime("sending_since") != null,
                row.getBoolean("event_emitted"), scheduled.toInstant(), row.getString("trace_parent"));
    }
}
