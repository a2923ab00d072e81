package dev.slotwise.notification.settings;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;

/** The settings table: a tenant without a row has the defaults. */
@ApplicationScoped
public class SettingsStore {

    private static final String READ = """
            select email_enabled, sender_name, reply_to, reminder_minutes_before
            from notification_settings where tenant_id = $1""";
    private static final String WRITE = """
            insert into notification_settings (tenant_id, email_enabled, sender_name, reply_to, reminder_minutes_before)
            values ($1, $2, $3, $4, $5)
            on conflict (tenant_id) do update set email_enabled = excluded.email_enabled,
                sender_name = excluded.sender_name, reply_to = excluded.reply_to,
                reminder_minutes_before = excluded.reminder_minutes_before, updated_at = now()""";

    public Uni<NotificationSettings> read(SqlClient client, String tenantId) {
        return client.preparedQuery(READ).execute(Tuple.of(tenantId)).map(SettingsStore::settingsOf);
    }

    public Uni<Void> write(SqlClient client, String tenantId, NotificationSettings settings) {
        return client.preparedQuery(WRITE)
                .execute(Tuple.of(tenantId, settings.emailEnabled(), settings.senderName(), settings.replyTo(),
                        settings.reminderMinutesBefore().toArray(Integer[]::new)))
                .replaceWithVoid();
    }

    private static NotificationSettings settingsOf(RowSet<Row> rows) {
        if (!rows.iterator().hasNext()) {
            return NotificationSettings.DEFAULTS;
        }
        Row row = rows.iterator().next();
        List<Integer> offsets = Arrays.asList(row.getArrayOfIntegers("reminder_minutes_before"));
        return new NotificationSettings(row.getBoolean("email_enabled"), row.getString("sender_name"),
                row.getString("reply_to"), offsets);
    }
}
