package dev.slotwise.notification.feed;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.notification.directory.BusinessDirectory;
import dev.slotwise.notification.mail.CalendarEvent;
import dev.slotwise.notification.mail.Calendars;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code GET /calendar/<token>.ics} (CONTRACT §18), reached through the gateway without a bearer token: calendar
 * applications cannot send one, so the token in the URL is the credential, looked up by its SHA-256. The feed holds
 * the staff member's booked appointments from 30 days back to 180 days ahead, one {@code VEVENT} each with the
 * e-mails' {@code UID}, times in UTC, and a summary of the service(s) and the customer's first name — no contact
 * data. An ended or unknown token is 404.
 */
@Path("/calendar")
public class CalendarFeedServing {

    private static final String FEED = "select tenant_id, staff_id from calendar_feeds where token_hash = $1";
    private static final String APPOINTMENTS = """
            select a.id, a.sequence, a.starts_at, a.ends_at, a.service_ids, c.first_name
            from appointments a left join customers c on c.id = a.customer_id and not c.erased
            where a.tenant_id = $1 and a.staff_ids @> array[$2]::text[] and a.status = 'booked'
              and a.starts_at >= now() - interval '30 days' and a.starts_at < now() + interval '180 days'
            order by a.starts_at, a.id""";

    private final Pool pool;
    private final BusinessDirectory directory;

    public CalendarFeedServing(Pool pool, BusinessDirectory directory) {
        this.pool = pool;
        this.directory = directory;
    }

    @GET
    @Path("{file}")
    @PermitAll
    public Uni<Response> feed(@PathParam("file") String file) {
        String token = file.endsWith(".ics") ? file.substring(0, file.length() - 4) : null;
        if (!FeedTokens.wellFormed(token)) {
            throw ApiException.notFound("calendar feed");
        }
        return pool.preparedQuery(FEED).execute(Tuple.of(FeedTokens.hash(token))).chain(feeds -> {
            if (!feeds.iterator().hasNext()) {
                return Uni.createFrom().failure(ApiException.notFound("calendar feed"));
            }
            Row feed = feeds.iterator().next();
            String tenantId = feed.getString("tenant_id");
            return pool.preparedQuery(APPOINTMENTS).execute(Tuple.of(tenantId, feed.getString("staff_id")))
                    .chain(rows -> events(tenantId, rows))
                    .map(events -> Response.ok(Calendars.feed(events), "text/calendar; charset=utf-8")
                            .header("Cache-Control", "private, max-age=300").build());
        });
    }

    private Uni<List<CalendarEvent>> events(String tenantId, RowSet<Row> rows) {
        Set<String> services = new LinkedHashSet<>();
        rows.forEach(row -> services.addAll(Arrays.asList(row.getArrayOfStrings("service_ids"))));
        List<String> serviceIds = List.copyOf(services);
        return directory.names(tenantId, serviceIds)
                .map(names -> names.serviceNames())
                .onFailure().recoverWithItem(serviceIds)
                .map(names -> {
                    List<CalendarEvent> events = new ArrayList<>();
                    for (Row row : rows) {
                        List<String> shown = Arrays.stream(row.getArrayOfStrings("service_ids"))
                                .map(id -> names.get(serviceIds.indexOf(id))).toList();
                        String who = row.getString("first_name");
                        events.add(new CalendarEvent(row.getString("id"), row.getInteger("sequence"),
                                row.getOffsetDateTime("starts_at").toInstant(),
                                row.getOffsetDateTime("ends_at").toInstant(),
                                String.join(", ", shown) + (who == null ? "" : " – " + who), null, false));
                    }
                    return events;
                });
    }
}
