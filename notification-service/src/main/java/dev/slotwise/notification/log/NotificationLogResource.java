package dev.slotwise.notification.log;

import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** {@code GET /api/v1/notifications?appointmentId=&status=} (CONTRACT §18): the log, newest first, paged per §2. */
@Path("/api/v1/notifications")
@Produces(MediaType.APPLICATION_JSON)
public class NotificationLogResource {

    private static final Set<String> STATUSES = Set.of("scheduled", "sent", "failed", "skipped");
    private static final String LIST = """
            select id, appointment_id, kind, recipient, status, scheduled_for, sent_at, error, created_at
            from notifications
            where tenant_id = $1 and ($2::text is null or appointment_id = $2) and ($3::text is null or status = $3)
              and ($4::text is null or id < $4)
            order by id desc limit $5""";

    private final Pool pool;
    private final TenantContext tenant;

    public NotificationLogResource(Pool pool, TenantContext tenant) {
        this.pool = pool;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("appointments.read")
    public Uni<Page<NotificationView>> list(@QueryParam("appointmentId") String appointmentId,
            @QueryParam("status") String status, @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        PageRequest page = PageRequest.parse(limit, cursor, "ntf");
        if (status != null && !STATUSES.contains(status)) {
            throw ApiException.malformed("status must be one of scheduled, sent, failed, skipped");
        }
        if (appointmentId != null && (appointmentId.isEmpty() || appointmentId.length() > 100)) {
            throw ApiException.malformed("appointmentId must be an appointment id");
        }
        return pool.preparedQuery(LIST)
                .execute(Tuple.from(new Object[] {tenant.tenantId(), appointmentId, status, page.afterId(),
                        page.fetchSize()}))
                .map(rows -> {
                    List<NotificationView> views = new ArrayList<>();
                    for (Row row : rows) {
                        views.add(NotificationView.of(row));
                    }
                    return Page.of(views, page, NotificationView::id);
                });
    }
}
