package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import dev.slotwise.gateway.credential.CredentialStore;
import dev.slotwise.gateway.token.InternalTokenIssuer;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The public request path for {@code /api/**}: bearer authentication, the route's scope, then a streaming reverse
 * proxy to the owning service (no body re-parsing). Client-sent internal headers are dropped and the internal
 * token added. An upstream that cannot be reached or does not answer in time is 503 {@code upstream_unavailable}.
 */
@ApplicationScoped
public class ProxyHandler {

    private static final Logger LOG = Logger.getLogger(ProxyHandler.class);
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host");
    private static final String BEARER = "Bearer ";

    private final CredentialStore credentials;
    private final InternalTokenIssuer tokens;
    private final VertxProblems problems;
    private final Map<String, URI> services;
    private final HttpClient client;
    private final long upstreamTimeoutMillis;

    public ProxyHandler(CredentialStore credentials, InternalTokenIssuer tokens, VertxProblems problems,
            GatewayConfig config, Vertx vertx) {
        this.credentials = credentials;
        this.tokens = tokens;
        this.problems = problems;
        this.services = config.gateway().services();
        this.upstreamTimeoutMillis = config.gateway().upstreamTimeout().toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) config.gateway().upstreamConnectTimeout().toMillis())
                .setKeepAlive(true)
                .setMaxPoolSize(64)
                .setDecompressionSupported(false));
    }

    void register(@Observes Router router) {
        router.route("/api/*").order(-10).handler(this::handle);
    }

    void close(@Observes ShutdownEvent event) {
        client.close();
    }

    void handle(RoutingContext context) {
        HttpServerRequest request = context.request();
        request.pause();
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            problems.send(context, unauthenticated());
            return;
        }
        credentials.find(authorization.substring(BEARER.length()).trim()).subscribe().with(
                credential -> authorized(context, credential),
                failure -> {
                    LOG.errorf(failure, "credential lookup failed for request %s", RequestIds.of(request));
                    problems.send(context, new ApiException(503, "upstream_unavailable",
                            "credentials cannot be checked right now"));
                });
    }

    private void authorized(RoutingContext context, Optional<Credential> found) {
        if (found.isEmpty()) {
            problems.send(context, unauthenticated());
            return;
        }
        Credential credential = found.get();
        HttpServerRequest request = context.request();
        RouteTable.Match match = RouteTable.match(request.method().name(), request.path());
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
        forward(context, route, credential);
    }

    private void forward(RoutingContext context, Route route, Credential credential) {
        HttpServerRequest request = context.request();
        URI target = services.get(route.service());
        RequestOptions options = new RequestOptions()
                .setMethod(request.method())
                .setHost(target.getHost())
                .setPort(target.getPort())
                .setURI(request.uri())
                .setIdleTimeout(upstreamTimeoutMillis);
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        copyHeaders(request.headers(), headers, true);
        options.setHeaders(headers);
        headers.set(HttpHeaders.AUTHORIZATION, BEARER + tokens.tokenFor(credential))
                .set(RequestIds.HEADER, RequestIds.of(request))
                .set("X-Forwarded-For", request.remoteAddress() == null ? "" : request.remoteAddress().hostAddress())
                .set("X-Forwarded-Proto", request.scheme());
        client.request(options)
                .compose(upstream -> upstream.send(request))
                .onSuccess(response -> relay(context, response))
                .onFailure(failure -> {
                    LOG.warnf("upstream %s failed for request %s: %s", route.service(), RequestIds.of(request),
                            failure.getMessage());
                    problems.send(context, ApiException.upstreamUnavailable(
                            "the " + route.service() + " service is unavailable; retry later"));
                });
    }

    private void relay(RoutingContext context, HttpClientResponse upstream) {
        var response = context.response();
        response.setStatusCode(upstream.statusCode());
        copyHeaders(upstream.headers(), response.headers(), false);
        if (upstream.getHeader(HttpHeaders.CONTENT_LENGTH) == null) {
            response.setChunked(true);
        }
        upstream.pipeTo(response).onFailure(failure -> response.reset());
    }

    /** Copies end-to-end headers; towards a service, also drops the client's credentials and internal headers. */
    private static void copyHeaders(MultiMap from, MultiMap to, boolean towardsService) {
        for (Map.Entry<String, String> header : from) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (HOP_BY_HOP.contains(name) || (!towardsService && name.equals("x-request-id"))) {
                continue;
            }
            if (towardsService && (name.equals("authorization") || name.startsWith("x-slotwise-")
                    || name.startsWith("x-forwarded-") || name.equals("x-tenant-id") || name.equals("forwarded"))) {
                continue;
            }
            to.add(header.getKey(), header.getValue());
        }
    }

    private static ApiException unauthenticated() {
        return new ApiException(401, "unauthenticated", "a valid bearer token is required", List.of(),
                Map.of("WWW-Authenticate", "Bearer"));
    }
}
