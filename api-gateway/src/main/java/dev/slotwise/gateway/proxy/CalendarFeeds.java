package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.http.RouteTemplates;
import dev.slotwise.commons.problem.ApiException;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code GET /calendar/<token>.ics} (CONTRACT §18): a staff member's calendar feed, for calendar applications, which
 * cannot send a header — the URL's 256-bit token is the credential, and notification-service looks it up by its
 * hash. The gateway forwards it without an internal token and without reading a bearer token (none is asked for, and
 * none a client sends is passed on); only a name of the feed's shape reaches the service, anything else is 404 here.
 */
@Singleton
public class CalendarFeeds {

    static final String TEMPLATE = "/calendar/{file}";
    private static final Route FEED = new Route("GET", TEMPLATE, null, "notification");
    /** 64 hex digits and {@code .ics}: what notification-service hands out; nothing else is worth a call. */
    private static final Pattern FILE = Pattern.compile("[0-9a-f]{64}\\.ics");

    private final UpstreamForwarder forwarder;
    private final VertxProblems problems;

    public CalendarFeeds(UpstreamForwarder forwarder, VertxProblems problems) {
        this.forwarder = forwarder;
        this.problems = problems;
    }

    void register(@Observes Router router) {
        router.route("/calendar/*").order(ProxyHandler.ROUTE_ORDER).handler(this::handle);
    }

    private void handle(RoutingContext context) {
        AccessLog.follow(context);
        RouteTemplates.name(context, TEMPLATE);
        context.put(AccessLog.ROUTE, TEMPLATE);
        String path = context.request().path();
        String file = path.substring("/calendar/".length());
        if (!FILE.matcher(file).matches()) {
            problems.send(context, ApiException.notFound("calendar feed"));
            return;
        }
        if (!"GET".equals(context.request().method().name()) && !"HEAD".equals(context.request().method().name())) {
            problems.send(context, new ApiException(405, "method_not_allowed", "a calendar feed is only read",
                    List.of(), Map.of("Allow", "GET")));
            return;
        }
        forwarder.forwardAnonymous(context, FEED);
    }
}
