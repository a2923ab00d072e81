package dev.slotwise.gateway.proxy;

import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;

/**
 * Names a proxied request by its route's template from the API description ({@code /api/v1/customers/{id}}) for the
 * HTTP metrics and the request's span, as Quarkus REST does for its own resources: never by the raw path, which holds
 * ids. A path no route matches is named {@link #UNMATCHED}, so that probing paths cannot grow the metrics.
 */
final class RouteNames {

    /** The key Quarkus's Micrometer and OpenTelemetry integrations read the template from. */
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";
    static final String UNMATCHED = "/api/{unmatched}";

    private RouteNames() {
    }

    static void name(RoutingContext context, String template) {
        if (context.request() instanceof HttpServerRequestInternal request) {
            request.context().putLocal(URL_PATH_TEMPLATE, template);
        }
    }
}
