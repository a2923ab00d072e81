package dev.slotwise.commons.http;

import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;

/**
 * The name a request goes by in the HTTP metrics and its span: its route's template ({@code /api/v1/customers/{id}}),
 * never its raw path, which holds ids. Quarkus REST names the requests its resources take; {@link RequestIdFilter}
 * names every request {@link #UNMATCHED} before anything routes it, so that one refused or answered before routing
 * (an over-long URI, an unknown path) keeps a bounded name instead of the raw path Micrometer would fall back to.
 */
public final class RouteTemplates {

    /** The key Quarkus's Micrometer and OpenTelemetry integrations read the template from. */
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";
    public static final String UNMATCHED = "/{unmatched}";

    private RouteTemplates() {
    }

    public static void name(RoutingContext context, String template) {
        if (context.request() instanceof HttpServerRequestInternal request) {
            request.context().putLocal(URL_PATH_TEMPLATE, template);
        }
    }
}
