package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.http.RouteTemplates;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.apikey.KeyUsage;
import dev.slotwise.gateway.credential.Credential;
import dev.slotwise.gateway.credential.CredentialStore;
import dev.slotwise.gateway.ratelimit.AuthFailureLimiter;
import dev.slotwise.gateway.ratelimit.RateLimitDecision;
import dev.slotwise.gateway.ratelimit.TenantRateLimiter;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * The public request path for {@code /api/**}, decided on headers first, in this order: a client address with too
 * many failed authentications in this minute refused (429); bearer authentication (401); the tenant's hourly quota
 * (429; its headers on every answer from here on); the route (404, 405) and its scope (403). Only then is the body
 * read, as raw bytes whatever its content type, up to 1 MiB (413 beyond); a body must be JSON (415). Then
 * {@link UpstreamForwarder} takes it to the owning service, framed by the gateway itself.
 */
@Singleton
public class ProxyHandler {

    private static final Logger LOG = Logger.getLogger(ProxyHandler.class);
    private static final String BEARER = "Bearer ";
    /** The name of an {@code /api} request no route matches: probing paths cannot grow the metrics. */
    static final String UNMATCHED = "/api/{unmatched}";
    /** CONTRACT §2: request bodies are limited to 1 MiB. */
    static final long MAX_BODY_BYTES = 1024 * 1024;

    private final CredentialStore credentials;
    private final TenantRateLimiter quotas;
    private final AuthFailureLimiter authFailures;
    private final UpstreamForwarder forwarder;
    private final VertxProblems problems;
    private final ClientAddress clientAddress;
    private final KeyUsage keyUsage;
    private final RefusalMetrics refusals;

    public ProxyHandler(CredentialStore credentials, TenantRateLimiter quotas, AuthFailureLimiter authFailures,
            UpstreamForwarder forwarder, VertxProblems problems, GatewayConfig config, KeyUsage keyUsage,
            RefusalMetrics refusals) {
        this.credentials = credentials;
        this.quotas = quotas;
        this.authFailures = authFailures;
        this.forwarder = forwarder;
        this.problems = problems;
        this.clientAddress = new ClientAddress(config.gateway().trustedProxies().orElse(List.of()));
        this.keyUsage = keyUsage;
        this.refusals = refusals;
    }

    /**
     * The public API's route runs after the request-id filter (order -10000) and CORS (-300) but before Quarkus's
     * own authentication and authorisation filters (-200, -100): the gateway authenticates {@code /api/**} itself,
     * and those filters would only build an unused lazy identity for every request.
     */
    static final int ROUTE_ORDER = -250;

    void register(@Observes Router router) {
        // read the route table now, at start, not during the first request
        LOG.infof("routing %d operations of the API description", RouteTable.ROUTES.size());
        router.route("/api/*").order(ROUTE_ORDER)
                .handler(this::handle)
                .failureHandler(this::failure);
    }

    private void failure(RoutingContext context) {
        LOG.errorf(context.failure(), "request %s failed", RequestIds.of(context.request()));
        problems.send(context, new ApiException(500, "internal_error", "the server could not complete the request"));
    }

    /**
     * Authentication comes first: a credential that verifies is never refused by the brake on failures. A request
     * without credentials is 401 and not counted (it guesses nothing); one whose credential fails to verify is
     * counted against its client address and is 429 once that address has failed too often this minute.
     */
    void handle(RoutingContext context) {
        AccessLog.follow(context);
        // the route is looked up first only to name the request (metrics, access line, span); it is answered for
        // (404, 405, 403) only once the caller is authenticated, so that nobody learns the routes without a key
        HttpServerRequest request = context.request();
        RouteTable.Match match = RouteTable.match(request.method().name(), request.path());
        String template = match.route().map(Route::pattern).orElse(UNMATCHED);
        RouteTemplates.name(context, template);
        context.put(AccessLog.ROUTE, template);
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null) {
            refusals.missingCredential();
            problems.send(context, unauthenticated());
            return;
        }
        String token = authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
                ? authorization.substring(BEARER.length()).trim() : "";
        credentials.find(token).onComplete(
                credential -> {
                    if (credential.isEmpty()) {
                        refuse(context);
                    } else {
                        withinQuota(context, credential.get(), match);
                    }
                },
                failure -> unavailable(context, "credentials", failure));
    }

    private void refuse(RoutingContext context) {
        authFailures.recordFailure(clientAddress.of(context.request())).onComplete(
                blockedSeconds -> {
                    refusals.invalidCredential(blockedSeconds > 0);
                    problems.send(context, blockedSeconds > 0 ? tooManyFailures(blockedSeconds) : unauthenticated());
                },
                failure -> {
                    refusals.invalidCredential(false);
                    problems.send(context, unauthenticated());
                });
    }

    private void withinQuota(RoutingContext context, Credential credential, RouteTable.Match match) {
        context.put(AccessLog.TENANT, credential.tenantId());
        MDC.put(RequestIds.TENANT_MDC_KEY, credential.tenantId());
        if (credential.expiresAt() == null) {
            keyUsage.used(credential.id());
        }
        quotas.hit(credential).onComplete(
                decision -> {
                    decision.writeHeaders(context.response().headers());
                    if (decision.allowed()) {
                        authorized(context, credential, match);
                    } else {
                        refusals.overQuota(credential.plan());
                        problems.send(context, overQuota(decision));
                    }
                },
                failure -> {
                    // counting is protection, not correctness: an unreachable counter store must not stop the API
                    LOG.errorf("rate limit store unavailable for request %s, request admitted: %s",
                            RequestIds.of(context.request()), failure.toString());
                    authorized(context, credential, match);
                });
    }

    private void authorized(RoutingContext context, Credential credential, RouteTable.Match match) {
        HttpServerRequest request = context.request();
        if (match.route().isEmpty()) {
            problems.send(context, match.allowedMethods().isEmpty() ? ApiException.notFound("resource")
                    : new ApiException(405, "method_not_allowed",
                            "method " + request.method().name() + " is not allowed here", List.of(),
                            Map.of("Allow", String.join(", ", match.allowedMethods()))));
            return;
        }
        Route route = match.route().get();
        if (!credential.allows(route.scope())) {
            problems.send(context, new ApiException(403, "insufficient_scope",
                    "this operation needs the scope " + route.scope(), List.of(),
                    Map.of("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"" + route.scope() + "\"")));
            return;
        }
        if (RequestBodies.declaredLength(request) != 0 && !isJson(request.getHeader(HttpHeaders.CONTENT_TYPE))) {
            problems.send(context, new ApiException(415, "unsupported_media_type", "the request body must be application/json"));
            return;
        }
        RequestBodies.read(request, MAX_BODY_BYTES).onComplete(
                body -> {
                    if (body.length() > 0 && !isJson(request.getHeader(HttpHeaders.CONTENT_TYPE))) {
                        problems.send(context, new ApiException(415, "unsupported_media_type",
                                "the request body must be application/json"));
                    } else {
                        forwarder.forward(context, route, credential, body);
                    }
                },
                failure -> problems.send(context, failure instanceof ApiException problem ? problem
                        : ApiException.malformed("the request body could not be read")));
    }

    private void unavailable(RoutingContext context, String what, Throwable failure) {
        LOG.errorf(failure, "%s unavailable for request %s", what, RequestIds.of(context.request()));
        problems.send(context, ApiException.upstreamUnavailable(what + " cannot be checked right now"));
    }

    /** {@code application/json} or a JSON subtype ({@code application/merge-patch+json}), any parameters. */
    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || (type.startsWith("application/") && type.endsWith("+json"));
    }

    private static ApiException overQuota(RateLimitDecision decision) {
        return new ApiException(429, "rate_limited", decision.refusalDetail());
    }

    private static ApiException tooManyFailures(long blockedSeconds) {
        return new ApiException(429, "rate_limited",
                "too many failed authentications from this address; try again in " + blockedSeconds + " s",
                List.of(), Map.of("Retry-After", String.valueOf(blockedSeconds)));
    }

    private static ApiException unauthenticated() {
        return new ApiException(401, "unauthenticated", "a valid bearer token is required", List.of(),
                Map.of("WWW-Authenticate", "Bearer"));
    }
}
