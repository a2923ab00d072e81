package dev.slotwise.commons.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.Problem;
import dev.slotwise.commons.problem.ProblemResponses;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Handler;
import io.vertx.core.Verticle;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.impl.HttpServerConnectionHandler;
import io.vertx.core.http.impl.HttpServerWorker;
import io.vertx.core.impl.Deployment;
import io.vertx.core.impl.VertxInternal;
import io.vertx.core.net.impl.TCPServerBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * The answer to a request the HTTP layer itself cannot take: a header with a control character, a request line that
 * is no HTTP, a URI or header block beyond the server's limits. Vert.x refuses those before any handler or filter
 * runs, by default with a bare status line: no problem document, no request id (issue 34). Here they are answered as
 * every other refusal is, with {@code application/problem+json} and a request id in the body and in
 * {@code X-Request-Id}, and the connection closed (its framing can no longer be trusted).
 *
 * <p>Vert.x has the hook for this, {@code HttpServer.invalidRequestHandler}, but Quarkus (3.34) creates its HTTP
 * servers itself and offers no way to set it (quarkusio/quarkus#55082). So, once the servers listen, the handler is
 * put where each listening server keeps it: Quarkus's web verticles' {@link HttpServer}s, and in each the connection
 * handler that Vert.x made from the server's settings when it started listening. These are Vert.x's and Quarkus's
 * internals; if an upgrade moves them, nothing breaks (the bare answer comes back), this logs a warning at start, and
 * the tests of malformed requests (gateway and every service) fail.
 *
 * <p>Quarkus starts listening after {@link StartupEvent} and announces it only asynchronously (and before Vert.x
 * lists the listening servers), so this looks for them every {@value #RETRY_MILLIS} ms from start, and for up to that
 * moment after listening a refusal can still be the bare one. The service is not ready during that moment: {@link #settled()} feeds
 * the readiness check {@link InvalidRequestsReadiness}, and nothing routes to a pod before it is ready.
 */
@ApplicationScoped
public class InvalidRequests {

    private static final Logger LOG = Logger.getLogger(InvalidRequests.class);
    private static final String WEB_VERTICLE = "io.quarkus.vertx.http.runtime.VertxHttpRecorder$WebDeploymentVerticle";
    /** How long to wait, after start, for every web verticle's server to listen. */
    private static final Duration SETTLING = Duration.ofSeconds(30);
    private static final long RETRY_MILLIS = 10;

    private final Vertx vertx;
    private final ObjectMapper json;
    private final Handler<HttpServerRequest> answer = this::answer;
    private volatile boolean settled;

    public InvalidRequests(Vertx vertx, ObjectMapper json) {
        this.vertx = vertx;
        this.json = json;
    }

    void install(@Observes StartupEvent started) {
        installWhenListening(System.nanoTime() + SETTLING.toNanos());
    }

    /**
     * Whether every listening server answers refusals as problems, or the attempt is over (and the warning logged);
     * false only in the moment between listening and installing.
     */
    public boolean settled() {
        return settled;
    }

    private void installWhenListening(long deadline) {
        Installation installation = installNow();
        boolean notYet = installation.waiting() > 0 || installation.installed() == 0 && installation.failure() == null;
        if (notYet && System.nanoTime() < deadline) {
            vertx.setTimer(RETRY_MILLIS, retry -> installWhenListening(deadline));
            return;
        }
        settled = true;
        if (installation.failure() != null || installation.installed() == 0) {
            LOG.warnf("requests the HTTP layer refuses are answered without a problem document: %s",
                    installation.failure() != null ? installation.failure().toString() : "no HTTP server found");
        } else {
            LOG.debugf("requests the HTTP layer refuses are answered as problems by %d servers", installation.installed());
        }
    }

    /** How many servers now answer with problems, how many do not listen yet, and what went wrong, if anything. */
    private record Installation(int installed, int waiting, Exception failure) {
    }

    private Installation installNow() {
        int installed = 0;
        int waiting = 0;
        try {
            List<List<HttpServer>> verticles = webServers();
            for (List<HttpServer> servers : verticles) {
                if (servers.isEmpty()) {
                    waiting++;
                }
            }
            for (HttpServer server : verticles.stream().flatMap(List::stream).toList()) {
                Object worker = read(TCPServerBase.class, "childHandler", server);
                if (!(worker instanceof HttpServerWorker)) {
                    waiting++;
                    continue;
                }
                Object connections = read(HttpServerWorker.class, "connectionHandler", worker);
                if (connections instanceof HttpServerConnectionHandler) {
                    write(HttpServerConnectionHandler.class, "invalidRequestHandler", connections, answer);
                    installed++;
                }
            }
            return new Installation(installed, waiting, null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new Installation(installed, 0, e);
        }
    }

    /**
     * The HTTP servers of each of Quarkus's web verticles (one verticle per event loop), those that listen and those
     * about to; an empty list for a verticle that has not made its server yet. Vert.x lists a deployment as soon as
     * its first verticle has started, while the others may still be starting (or not yet be in the deployment's
     * list), so a verticle without a server is one still to wait for, not one to skip: skipping them left the
     * servers of later event loops answering bare 400s after readiness (a CI failure of 2026-11-26).
     */
    private List<List<HttpServer>> webServers() throws IllegalAccessException {
        List<List<HttpServer>> verticles = new ArrayList<>();
        VertxInternal internal = (VertxInternal) vertx;
        for (String id : vertx.deploymentIDs()) {
            Deployment deployment = internal.getDeployment(id);
            if (deployment == null) {
                continue;
            }
            int web = 0;
            for (Verticle verticle : deployment.getVerticles()) {
                if (!verticle.getClass().getName().equals(WEB_VERTICLE)) {
                    continue;
                }
                web++;
                List<HttpServer> servers = new ArrayList<>();
                for (Field field : verticle.getClass().getDeclaredFields()) {
                    if (HttpServer.class.isAssignableFrom(field.getType())) {
                        field.setAccessible(true);
                        if (field.get(verticle) instanceof HttpServer server && server instanceof TCPServerBase) {
                            servers.add(server);
                        }
                    }
                }
                verticles.add(servers);
            }
            for (int missing = web == 0 ? 0 : deployment.deploymentOptions().getInstances() - web; missing > 0; missing--) {
                verticles.add(List.of()); // instances Vert.x has not even listed in the deployment yet
            }
        }
        return verticles;
    }

    private static Object read(Class<?> type, String name, Object target) throws ReflectiveOperationException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(target);
    }

    private static void write(Class<?> type, String name, Object target, Object value) throws ReflectiveOperationException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        field.set(target, value);
    }

    /** Vert.x's default answer (414, 431 or 400, then close), as a problem document with a request id. */
    void answer(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        Refusal refusal = cause instanceof TooLongHttpLineException
                ? new Refusal(414, "uri_too_long", "the request line is longer than this server takes")
                : cause instanceof TooLongHttpHeaderException
                        ? new Refusal(431, "request_headers_too_large", "the request headers are larger than this server takes")
                        : new Refusal(400, "malformed_request", "the request is not valid HTTP: its request line or a header "
                                + "is malformed, or a header holds a character HTTP does not allow (such as a control character)");
        String requestId = RequestIds.accept(request.getHeader(RequestIds.HEADER));
        HttpServerResponse response = request.response();
        String body;
        try {
            body = json.writeValueAsString(ProblemResponses.problem(refusal.status(), refusal.code(), refusal.detail(),
                    List.of(), requestId));
        } catch (JsonProcessingException e) {
            body = "";
        }
        response.setStatusCode(refusal.status())
                .putHeader("Content-Type", Problem.MEDIA_TYPE)
                .putHeader(RequestIds.HEADER, requestId)
                .putHeader("Connection", "close")
                .end(body)
                .onComplete(ended -> response.close());
    }

    private record Refusal(int status, String code, String detail) {
    }
}
