package dev.slotwise.commons.http;

import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.MDC;

/**
 * Settles the request id before anything else runs: replaces the incoming header with the accepted id (so the
 * rest of the request, problem details included, reads it from there), puts it on every response, and into the
 * logging context, so that every line logged while the request is handled names it (the MDC lives in the request's
 * Vert.x context, not in a thread). It also gives the request its first, bounded name for metrics and traces
 * ({@link RouteTemplates}), which routing refines.
 */
@ApplicationScoped
public class RequestIdFilter {

    public static final int PRIORITY = 10_000;

    void register(@Observes Filters filters) {
        filters.register(context -> {
            String id = RequestIds.accept(context.request().getHeader(RequestIds.HEADER));
            context.request().headers().set(RequestIds.HEADER, id);
            context.response().putHeader(RequestIds.HEADER, id);
            MDC.put(RequestIds.MDC_KEY, id);
            RouteTemplates.name(context, RouteTemplates.UNMATCHED);
            context.next();
        }, PRIORITY);
    }
}
