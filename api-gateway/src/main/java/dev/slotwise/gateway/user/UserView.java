package dev.slotwise.gateway.user;

import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;

/** A tenant user as the operator API shows it: never the password or its hash. */
public record UserView(String id, String tenantId, String email, boolean disabled, Instant createdAt,
        Instant lastSignInAt) {

    static UserView of(TenantUser user) {
        return new UserView(user.id, user.tenantId, user.email, user.disabled, user.createdAt,
                millis(user.lastSignInAt));
    }

    static UserView of(Row row) {
        return new UserView(row.getString("id"), row.getString("tenant_id"), row.getString("email"),
                row.getBoolean("disabled"), instant(row.getOffsetDateTime("created_at")),
                instant(row.getOffsetDateTime("last_sign_in_at")));
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : millis(time.toInstant());
    }

    /** Times as every Slotwise answer shows them: to the millisecond. */
    private static Instant millis(Instant time) {
        return time == null ? null : time.truncatedTo(ChronoUnit.MILLIS);
    }
}
