package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.http.RequestIdFilter;
import dev.slotwise.commons.http.RoutingRefusals;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

/**
 * What HTTP itself requires of a request, checked by the gateway so that the answer is a problem document with a
 * request id like every other error (issue 23), not the HTTP layer's bare status line: a {@code Host} header on
 * HTTP/1.1 (400), a request target that is a valid URI (400), at most {@value #MAX_URI} characters of it (414),
 * at most {@value #MAX_HEADER_BYTES} bytes of headers (431). The HTTP layer's own limits are set far above these
 * ({@code quarkus.http.limits.*}), so a request reaches these checks unless it is grossly larger.
 */
@ApplicationScoped
public class RequestLineRules {

    static final int MAX_URI = 8 * 1024;
    static final int MAX_HEADER_BYTES = 64 * 1024;
    /** Right after the request id is settled, before anything routes. */
    private static final int PRIORITY = RequestIdFilter.PRIORITY - 1;

    private final VertxProblems problems;

    public RequestLineRules(VertxProblems problems) {
        this.problems = problems;
    }

    /**
     * Vert.x Web refuses some requests before any handler runs (an HTTP/1.1 request without {@code Host}) by failing
     * the routing context with 400: answered here as the problem document it is, with a request id of its own.
     */
    void answerRoutingRefusals(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).failureHandler(context -> {
            if (context.statusCode() == 400 && !context.response().headWritten()) {
                ApiException refused = refusal(context.request());
                context.response().putHeader("Connection", "close");
                problems.send(context, refused != null ? refused : ApiException.malformed(RoutingRefusals.reason(context.request())));
            } else {
                context.next();
            }
        });
    }

    void checkEveryRequest(@Observes Filters filters) {
        filters.register(context -> {
            ApiException refused = refusal(context.request());
            if (refused == null) {
                answerBrokenFraming(context);
                context.next();
            } else {
                context.response().putHeader("Connection", "close");
                problems.send(context, refused);
            }
        }, PRIORITY);
    }

    /**
     * A body whose framing breaks (a bad chunk) while the gateway is still checking the headers ends the connection
     * the moment the HTTP layer sees it: it is answered then, 400, or the client would get no answer at all.
     * Only a chunked body can break so (a declared length is framed by counting); {@link RequestBodies} takes over
     * the request's exception handler once it reads the body.
     */
    private void answerBrokenFraming(RoutingContext context) {
        if (context.request().isEnded() || context.request().getHeader(HttpHeaders.TRANSFER_ENCODING) == null) {
            return;
        }
        context.request().exceptionHandler(failure -> {
            if (!(failure instanceof HttpClosedException) && !context.response().headWritten()) {
                context.response().putHeader("Connection", "close");
                problems.send(context, RequestBodies.badFraming());
                RequestBodies.flushBeforeTheConnectionCloses(context.request());
            }
        });
    }

    static ApiException refusal(HttpServerRequest request) {
        if (request.version() == HttpVersion.HTTP_1_1 && request.getHeader("Host") == null) {
            return ApiException.malformed(RoutingRefusals.HOST_REQUIRED);
        }
        String uri = request.uri();
        if (uri.length() > MAX_URI) {
            return new ApiException(414, "uri_too_long", "the request URI is longer than " + MAX_URI + " characters");
        }
        if (headerBytes(request) > MAX_HEADER_BYTES) {
            return new ApiException(431, "request_headers_too_large",
                    "the request headers are larger than " + MAX_HEADER_BYTES / 1024 + " KiB");
        }
        try {
            new URI(uri);
        } catch (URISyntaxException e) {
            return ApiException.malformed("the request URI is not valid: " + e.getReason());
        }
        return null;
    }

    private static long headerBytes(HttpServerRequest request) {
        long bytes = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            bytes += header.getKey().length() + header.getValue().length() + 4;
        }
        return bytes;
    }
}
