package dev.slotwise.notification.log;

import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.time.OffsetDateTime;

/** One entry of the notification log (CONTRACT §18). */
public record NotificationView(String id, String appointmentId, String kind, String channel, String to, String status,
        Instant scheduledFor, Instant sentAt, String error, Instant createdAt) {

    static NotificationView of(Row row) {
        return new NotificationView(row.getString("id"), row.getString("appointment_id"), row.getString("kind"),
                "email", row.getString("recipient"), row.getString("status"), instant(row, "scheduled_for"),
                instant(row, "sent_at"), row.getString("error"), instant(row, "created_at"));
    }

    private static Instant instant(Row row, String column) {
        OffsetDateTime value = row.getOffsetDateTime(column);
        return value == null ? null : value.toInstant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }
}
