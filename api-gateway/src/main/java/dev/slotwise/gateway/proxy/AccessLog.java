package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.http.ServiceAccessLog;
import io.vertx.ext.web.RoutingContext;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * One line per {@code /api} request once its answer is sent (category {@code slotwise.access}): method, the route's
 * template (never the raw path, which holds ids), status, duration, tenant and request id. Never the credential.
 * Turned off with {@code quarkus.log.category."slotwise.access".level=WARN}. When the console writes JSON, as in
 * production, the line is written by {@link AccessLines} off the event loop, in the console formatter's shape.
 */
final class AccessLog {

    private static final Logger LOG = Logger.getLogger("slotwise.access");
    /** Where the handler leaves what it learnt for the line: the matched route's template and the tenant. */
    static final String ROUTE = "slotwise.access.route";
    static final String TENANT = "slotwise.access.tenant";
    /** Null when the console does not write plain JSON: then the line goes through the logging framework. */
    private static final AccessLines LINES = AccessLinesConfig.fromConfig(LOG.getName());

    private AccessLog() {
    }

    /** Writes the line when the answer to {@code context} has been sent. */
    static void follow(RoutingContext context) {
        if (!LOG.isInfoEnabled()) {
            return;
        }
        long started = System.nanoTime();
        context.addEndHandler(done -> {
            String route = context.get(ROUTE);
            String tenant = context.get(TENANT);
            String line = ServiceAccessLog.line(context.request().method().name(), route == null ? "(no route)" : route,
                    context.response().getStatusCode(), started)
                    .append(" tenant=").append(tenant == null ? "-" : tenant)
                    .append(" request=").append(RequestIds.of(context.request())).toString();
            if (LINES == null) {
                LOG.info(line);
            } else {
                LINES.info(line, MDC.getMap());
            }
        });
    }
}
