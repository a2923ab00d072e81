package dev.slotwise.notification.feed;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import dev.slotwise.notification.NotificationsConfig;
import dev.slotwise.notification.directory.BusinessDirectory;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * {@code POST|DELETE /api/v1/staff/{id}/calendar-feed} (CONTRACT §18): a new feed URL for a staff member (a new token
 * each time, which ends the previous one), or the feed ended. The token is shown once, in the URL; only its hash is
 * kept. The staff member must be the tenant's (404 otherwise, as for another tenant's).
 */
@Path("/api/v1/staff/{id}/calendar-feed")
@Produces(MediaType.APPLICATION_JSON)
public class CalendarFeedResource {

    private static final String REPLACE = """
            insert into calendar_feeds (tenant_id, staff_id, token_hash) values ($1, $2, $3)
            on conflict (tenant_id, staff_id) do update set token_hash = excluded.token_hash, created_at = now()""";
    private static final String END = "delete from calendar_feeds where tenant_id = $1 and staff_id = $2";

    private final Pool pool;
    private final BusinessDirectory directory;
    private final TenantContext tenant;
    private final NotificationsConfig config;

    public CalendarFeedResource(Pool pool, BusinessDirectory directory, TenantContext tenant,
            NotificationsConfig config) {
        this.pool = pool;
        this.directory = directory;
        this.tenant = tenant;
        this.config = config;
    }

    public record FeedUrl(String url) {
    }

    @POST
    @RolesAllowed("staff.write")
    public Uni<Response> create(@PathParam("id") String staffId) {
        String tenantId = tenant.tenantId();
        String token = FeedTokens.next();
        return directory.staffExists(tenantId, staffId)
                .onFailure().transform(failure -> ApiException.upstreamUnavailable("the staff member cannot be checked right now"))
                .chain(exists -> {
                    if (!exists) {
                        return Uni.createFrom().failure(ApiException.notFound("staff member"));
                    }
                    return pool.preparedQuery(REPLACE).execute(Tuple.of(tenantId, staffId, FeedTokens.hash(token)))
                            .map(done -> Response.created(URI.create("/api/v1/staff/" + staffId + "/calendar-feed"))
                                    .entity(new FeedUrl(feedUrl(token))).build());
                });
    }

    @DELETE
    @RolesAllowed("staff.write")
    public Uni<Response> end(@PathParam("id") String staffId) {
        return pool.preparedQuery(END).execute(Tuple.of(tenant.tenantId(), staffId))
                .map(rows -> {
                    if (rows.rowCount() == 0) {
                        throw ApiException.notFound("calendar feed");
                    }
                    return Response.noContent().build();
                });
    }

    private String feedUrl(String token) {
        String base = config.publicUrl().toString().replaceAll("/+$", "");
        return base + "/calendar/" + token + ".ics";
    }
}
