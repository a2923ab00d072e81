package dev.slotwise.commons.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.ProblemResponses;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;

/**
 * Vert.x Web refuses some requests before any handler runs (an HTTP/1.1 request without {@code Host}) by failing the
 * routing context with 400. Without this, Quarkus's error handler answers that and logs it as an ERROR with a stack
 * trace, though the mistake is the client's: here it is answered as the problem document it is, with a request id,
 * and not logged. (The gateway answers these first, with its own more specific reasons.)
 */
@ApplicationScoped
public class RoutingRefusals {

    /** After the gateway's own refusal handler, before Quarkus's error handler. */
    public static final int ORDER = Integer.MIN_VALUE + 1;
    public static final String HOST_REQUIRED = "HTTP/1.1 requests must carry a Host header";

    private final ObjectMapper json;

    public RoutingRefusals(ObjectMapper json) {
        this.json = json;
    }

    void answer(@Observes Router router) {
        router.route().order(ORDER).failureHandler(context -> {
            if (context.statusCode() != 400 || context.response().headWritten()) {
                context.next();
                return;
            }
            String requestId = RequestIds.accept(RequestIds.of(context.request()));
            String body;
            try {
                body = json.writeValueAsString(ProblemResponses.problem(400, "malformed_request",
                        reason(context.request()), List.of(), requestId));
            } catch (JsonProcessingException e) {
                context.next();
                return;
            }
            context.response().setStatusCode(400)
                    .putHeader("Content-Type", "application/problem+json")
                    .putHeader(RequestIds.HEADER, requestId)
                    .putHeader("Connection", "close")
                    .end(body);
        });
    }

    /** Why the HTTP layer refused the request, as a client can act on it. */
    public static String reason(HttpServerRequest request) {
        return request.version() == HttpVersion.HTTP_1_1 && request.getHeader("Host") == null
                ? HOST_REQUIRED : "the request is not valid HTTP";
    }
}
