package dev.slotwise.commons.http;

import dev.slotwise.commons.identity.InternalTokenAuthentication;
import dev.slotwise.commons.identity.VerifiedToken;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Predicate;
import org.jboss.logging.MDC;

/**
 * A resource's read by id answered by a plain Vert.x route ahead of Quarkus REST (decision 0111). For the API's
 * hottest read the framework's per-request machinery — resource matching, the security layer's lazy identity and
 * {@code @RolesAllowed} interceptor, request-scoped beans, Mutiny with its context propagation, the response filters
 * — cost about a fifth of a service's CPU per request.
 *
 * <p>The route answers only what is the read's whole everyday traffic: a bearer token that verifies (the same
 * {@link InternalTokenAuthentication} check), carries the scope and names a tenant; an id of the resource's form; an
 * {@code Accept} that asks for nothing but JSON; and a resource that is there. It answers that with what the resource
 * method answers — the same JSON (the application's {@code ObjectMapper}), {@code ETag} ({@link EntityTags}), request
 * id, route name for metrics and traces ({@link RouteTemplates}), tenant in the logging context and access line
 * ({@link ServiceAccessLog}). Everything else — no token, one that does not verify or lacks the scope, another
 * {@code Accept}, an unknown id, a failed read — goes on to the resource method, which answers it as it always has.
 */
public final class PlainReadRoute {

    /** Reads the tenant's resource: completes with {@code null} when the tenant has none by that id. */
    @FunctionalInterface
    public interface Read {
        Future<?> read(String tenantId, String id);
    }

    /** After the request-id filter (-10000), before Quarkus's authentication and authorisation filters (-200, -100). */
    public static final int ORDER = -250;
    private static final String JSON = "application/json;charset=UTF-8";

    private final String template;
    private final String scope;
    private final Predicate<String> idForm;
    private final Read read;
    private final InternalTokenAuthentication authentication;
    private final EntityTags tags;

    /**
     * @param template the resource method's path template, with its one parameter named {@code id}
     *                 ({@code /api/v1/customers/{id}})
     */
    public PlainReadRoute(String template, String scope, Predicate<String> idForm, Read read,
            InternalTokenAuthentication authentication, EntityTags tags) {
        if (!template.endsWith("/{id}")) {
            throw new IllegalArgumentException("a plain read's template ends with /{id}: " + template);
        }
        this.template = template;
        this.scope = scope;
        this.idForm = idForm;
        this.read = read;
        this.authentication = authentication;
        this.tags = tags;
    }

    public void register(Router router) {
        router.get(template.replace("{id}", ":id")).order(ORDER).handler(this::handle);
    }

    private void handle(RoutingContext context) {
        long started = System.nanoTime();
        HttpServerRequest request = context.request();
        String id = context.pathParam("id");
        if (!asksForJsonOnly(request.getHeader(HttpHeaders.ACCEPT)) || id == null || !idForm.test(id)) {
            context.next();
            return;
        }
        VerifiedToken token = authentication.verifiedBearer(request.getHeader(HttpHeaders.AUTHORIZATION)).orElse(null);
        if (token == null || !token.scopes().contains(scope) || token.tenantId() == null || token.tenantId().isBlank()) {
            context.next();
            return;
        }
        RouteTemplates.name(context, template);
        MDC.put(RequestIds.TENANT_MDC_KEY, token.tenantId());
        read.read(token.tenantId(), id).onComplete(result -> {
            if (result.failed() || result.result() == null) {
                context.next();
                return;
            }
            EntityTags.Tagged tagged = tags.tag(result.result());
            context.response().setStatusCode(200)
                    .putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                    .putHeader(HttpHeaders.ETAG, tagged.etag())
                    .end(Buffer.buffer(tagged.bytes()));
            ServiceAccessLog.answered(request.method().name(), template, 200, started);
        });
    }

    /** No {@code Accept}, or one that takes JSON and nothing else to choose from; any other goes to the framework. */
    static boolean asksForJsonOnly(String accept) {
        return accept == null || accept.equals("*/*") || accept.equals("application/json");
    }
}
