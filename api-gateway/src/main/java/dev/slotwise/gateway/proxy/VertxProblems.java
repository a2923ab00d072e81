package dev.slotwise.gateway.proxy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.Problem;
import dev.slotwise.commons.problem.ProblemResponses;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.time.Duration;

/** Writes problem details straight onto a Vert.x response, for the proxy path that bypasses JAX-RS. */
@Singleton
public class VertxProblems {

    /** How long an unread body is read and discarded after a refusal, before the connection closes. */
    static final Duration LINGER = Duration.ofSeconds(1);

    private final ObjectMapper json;

    public VertxProblems(ObjectMapper json) {
        this.json = json;
    }

    public void send(RoutingContext context, ApiException problem) {
        if (context.response().headWritten()) {
            context.response().reset();
            return;
        }
        // a body the answer did not need must not stay on the client's connection
        RequestBodies.settleUnread(context.request(), context.response(), ProxyHandler.MAX_BODY_BYTES);
        String requestId = RequestIds.of(context.request());
        if (requestId == null) { // refused before the request-id filter ran
            requestId = RequestIds.accept(null);
            context.request().headers().set(RequestIds.HEADER, requestId);
            context.response().putHeader(RequestIds.HEADER, requestId);
        }
        Problem body = ProblemResponses.problem(problem.status(), problem.code(), problem.getMessage(),
                problem.errors(), requestId);
        problem.headers().forEach(context.response()::putHeader);
        try {
            context.response().setStatusCode(problem.status())
                    .putHeader("Content-Type", Problem.MEDIA_TYPE)
                    .end(json.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            context.response().setStatusCode(500).end();
        }
        closeIfAnnounced(context);
    }

    /**
     * Vert.x keeps a connection open by what the request asked for, whatever the answer's {@code Connection} header
     * says: an answer announcing {@code close} closes it here. A client still sending the body the answer refused
     * would get a broken pipe instead of the answer if it closed at once; so, as web servers do ("lingering close"),
     * the rest of the body is read and discarded, for at most {@link #LINGER}, and then the connection is closed.
     */
    private static void closeIfAnnounced(RoutingContext context) {
        HttpServerResponse response = context.response();
        if (!"close".equalsIgnoreCase(response.headers().get(HttpHeaders.CONNECTION)) || response.closed()) {
            return;
        }
        HttpServerRequest request = context.request();
        if (request.isEnded()) {
            response.close();
            return;
        }
        long lingering = context.vertx().setTimer(LINGER.toMillis(), expired -> response.close());
        request.exceptionHandler(failure -> response.close());
        request.handler(discarded -> { });
        request.endHandler(end -> {
            context.vertx().cancelTimer(lingering);
            response.close();
        });
        request.resume();
    }
}
