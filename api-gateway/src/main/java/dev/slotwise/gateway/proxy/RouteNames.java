package dev.slotwise.gateway.proxy;

import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;

/**
 * Names a proxied request by its route's template from the API description ({@code /api/v1/customers/{id}}) for the
 * HTTP metrics and the request's span, as Quarkus REST does for its own resources: never by the raw path, which holds
 * ids. A path no route matches is named {@link #UNMATCHED}, so that probing paths cannot grow the metrics.
 */
final class RouteNames {

    /** The key Quarkus's Micrometer and OpenTelemetry integrations read the template from. */
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";
    static final String UNMATCHED = "/api/{unmatched}";
    private static final Set<String> ROOTS = Set.of("panel", "oauth", ".well-known", "docs", "admin");

    private RouteNames() {
    }

    /**
     * A first name for every request, before anything routes it: its public root ({@code /panel/{unmatched}}, …) or
     * {@code /{unmatched}}. What routes the request names it precisely (this class for {@code /api}, Quarkus REST for
     * its resources); a request refused before that (an over-long URI: 414) keeps this one, never its raw path.
     */
    static void nameByRoot(RoutingContext context) {
        String path = context.request().path();
        String root = "";
        if (path != null && path.startsWith("/")) {
            int end = path.indexOf('/', 1);
            root = path.substring(1, end < 0 ? path.length() : end);
        }
        name(context, root.equals("api") ? UNMATCHED : ROOTS.contains(root) ? "/" + root + "/{unmatched}" : "/{unmatched}");
    }

    static void name(RoutingContext context, String template) {
        if (context.request() instanceof HttpServerRequestInternal request) {
            request.context().putLocal(URL_PATH_TEMPLATE, template);
        }
    }
}
