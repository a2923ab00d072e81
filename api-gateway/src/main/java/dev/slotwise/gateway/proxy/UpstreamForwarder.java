package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import dev.slotwise.gateway.idempotency.Claim;
import dev.slotwise.gateway.idempotency.IdempotencyKeys;
import dev.slotwise.gateway.idempotency.StoredAnswer;
import dev.slotwise.gateway.idempotency.StoredAnswerErasure;
import dev.slotwise.gateway.token.InternalTokenIssuer;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.net.URI;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Takes an authorised request to its owning service: client-sent internal headers dropped, the internal token
 * added, the answer streamed back. A {@code POST} under {@code /api/v1} with an {@code Idempotency-Key} runs at most
 * once per tenant, credential and key (CONTRACT §2): its answer is stored and replayed with
 * {@code Idempotent-Replayed: true}.
 * An upstream that cannot be reached or does not answer in time is 503 {@code upstream_unavailable}.
 */
@Singleton
public class UpstreamForwarder {

    private static final Logger LOG = Logger.getLogger(UpstreamForwarder.class);
    /**
     * Never passed on in either direction: hop-by-hop headers (RFC 9110 §7.6.1) and the message's framing, which the
     * gateway sets itself for what it sends ({@code Content-Length} of the bytes it actually forwards).
     */
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host",
            "content-length", "expect", "http2-settings");
    /** Methods whose body means something; on others (GET, DELETE, …) a body is read and not forwarded. */
    private static final Set<HttpMethod> WITH_BODY = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH);
    /** Headers the gateway itself sets on every answer; a replay gets fresh ones, not the stored ones. */
    private static final Set<String> NOT_REPLAYED = Set.of("x-request-id", "content-length", "x-ratelimit-limit",
            "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit", "ratelimit-policy", "retry-after");
    /**
     * A client's trace context, never passed on: the gateway starts the trace and sends its own (ClientTraceContextIgnored).
     */
    private static final Set<String> CLIENT_TRACE_HEADERS = Set.of("traceparent", "tracestate", "baggage");
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    /** Answers up to this size are read whole before they are passed on. */
    private static final long SMALL_ANSWER_BYTES = 64 * 1024;

    private final InternalTokenIssuer tokens;
    private final IdempotencyKeys idempotencyKeys;
    private final VertxProblems problems;
    private final Map<String, URI> services;
    private final UpstreamClients clients;
    private final long upstreamTimeoutMillis;
    private final StoredAnswerErasure storedAnswers;

    public UpstreamForwarder(InternalTokenIssuer tokens, IdempotencyKeys idempotencyKeys, VertxProblems problems,
            GatewayConfig config, Vertx vertx, StoredAnswerErasure storedAnswers) {
        this.storedAnswers = storedAnswers;
        this.tokens = tokens;
        this.idempotencyKeys = idempotencyKeys;
        this.problems = problems;
        this.services = config.gateway().services();
        this.upstreamTimeoutMillis = config.gateway().upstreamTimeout().toMillis();
        this.clients = new UpstreamClients(vertx, new HttpClientOptions()
                .setConnectTimeout((int) config.gateway().upstreamConnectTimeout().toMillis())
                .setKeepAlive(true)
                .setMaxPoolSize(64)
                .setDecompressionSupported(false));
    }

    void close(@Observes ShutdownEvent event) {
        clients.close();
    }

    /**
     * Forwards a body-less request that needs no credential (a calendar feed, whose URL is its secret): no internal
     * token goes with it, so the service answers it only where it permits anonymous callers.
     */
    void forwardAnonymous(RoutingContext context, Route route) {
        send(context, route, null, null).onSuccess(upstream -> stream(context, upstream));
    }

    /** Forwards a request whose body the gateway has read whole: the service gets exactly those bytes, framed anew. */
    void forward(RoutingContext context, Route route, Credential credential, Buffer body) {
        HttpServerRequest request = context.request();
        Buffer forwarded = WITH_BODY.contains(request.method()) ? body : null;
        String key = request.getHeader(IDEMPOTENCY_KEY);
        if (key == null || request.method() != HttpMethod.POST || !request.path().startsWith("/api/v1/")) {
            send(context, route, credential, forwarded).onSuccess(upstream -> {
                String erased = StoredAnswerErasure.erasedCustomer(request.method().name(), request.path(),
                        upstream.statusCode());
                if (erased == null) {
                    stream(context, upstream);
                    return;
                }
                // the stored answers are erased before the client hears that the customer is (CONTRACT §19); when
                // they cannot be, the client hears 503 and retries, and the retry (404 from the service, the
                // customer being gone) erases them again before it answers
                upstream.body().onComplete(answered -> storedAnswers.erase(credential.tenantId(), erased).subscribe()
                        .with(rewritten -> pass(context, upstream, answered), failure -> {
                            LOG.errorf(failure, "erasing stored answers failed for request %s", RequestIds.of(request));
                            problems.send(context, ApiException.upstreamUnavailable("the customer's stored answers "
                                    + "could not be erased yet; retry the request"));
                        }), failure -> context.response().reset());
            });
            return;
        }
        if (key.isEmpty() || key.length() > 255) {
            problems.send(context, ApiException.malformed("Idempotency-Key must be 1 to 255 characters"));
            return;
        }
        byte[] fingerprint = IdempotencyKeys.fingerprint(request.method().name(), request.path(), forwarded);
        idempotencyKeys.claim(credential, key, fingerprint).subscribe().with(
                claim -> {
                    if (claim instanceof Claim.Owned) {
                        runOnce(context, route, credential, key, forwarded);
                    } else if (claim instanceof Claim.Finished finished) {
                        answer(context, finished.answer(), true);
                    } else if (claim instanceof Claim.Running) {
                        problems.send(context, ApiException.conflict("idempotency_key_in_use",
                                "a request with this Idempotency-Key is still running; retry when it has finished"));
                    } else {
                        problems.send(context, new ApiException(422, "idempotency_key_reused",
                                "this Idempotency-Key was used with another request"));
                    }
                },
                failure -> {
                    LOG.errorf(failure, "idempotency keys unavailable for request %s", RequestIds.of(request));
                    problems.send(context, ApiException.upstreamUnavailable("idempotency keys cannot be checked right now"));
                });
    }

    /** Forwards the request whose key this instance owns, stores a 2xx or 4xx answer, releases the key otherwise. */
    private void runOnce(RoutingContext context, Route route, Credential credential, String key, Buffer body) {
        send(context, route, credential, body)
                .compose(upstream -> upstream.body().map(answered -> new StoredAnswer(upstream.statusCode(),
                        replayable(upstream.headers()), answered.getBytes())))
                .onSuccess(answer -> {
                    idempotencyKeys.complete(credential, key, answer).subscribe().with(
                            done -> answer(context, answer, false), failure -> {
                        LOG.errorf(failure, "storing the answer of request %s failed", RequestIds.of(context.request()));
                        answer(context, answer, false);
                    });
                })
                .onFailure(failure -> idempotencyKeys.release(credential, key).subscribe().with(
                        released -> { }, releaseFailure -> LOG.warnf("releasing an idempotency key failed: %s", releaseFailure)));
    }

    private static void answer(RoutingContext context, StoredAnswer answer, boolean replayed) {
        HttpServerResponse response = context.response();
        response.setStatusCode(answer.status());
        answer.headers().forEach(response::putHeader);
        if (replayed) {
            response.putHeader("Idempotent-Replayed", "true");
        }
        response.end(Buffer.buffer(answer.body()));
    }

    /**
     * Sends the request to its service, with a {@code Content-Length} of the body sent (none without a body); on
     * failure the client already has its 503 and the future fails. A timed-out request is reset, which closes its
     * connection: a connection goes back to the pool only after a complete exchange.
     */
    private Future<HttpClientResponse> send(RoutingContext context, Route route, Credential credential, Buffer body) {
        HttpServerRequest request = context.request();
        URI target = services.get(route.service());
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        copyHeaders(request.headers(), headers, true);
        if (credential != null) {
            headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + tokens.tokenFor(credential));
        }
        headers.set(RequestIds.HEADER, RequestIds.of(request))
                .set("X-Forwarded-For", ClientAddress.peerOf(request))
                .set("X-Forwarded-Proto", request.connection().isSsl() ? "https" : "http");
        RequestOptions options = new RequestOptions()
                .setMethod(request.method())
                .setHost(target.getHost())
                .setPort(target.getPort())
                .setURI(request.uri())
                .setIdleTimeout(upstreamTimeoutMillis)
                .setHeaders(headers);
        if (body != null) {
            headers.set(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length()));
        }
        return clients.current().request(options)
                .compose(upstream -> body == null ? upstream.send() : upstream.send(body))
                .onFailure(failure -> {
                    LOG.warnf("upstream %s failed for request %s: %s", route.service(), RequestIds.of(request),
                            failure.getMessage());
                    problems.send(context, ApiException.upstreamUnavailable(
                            "the " + route.service() + " service is unavailable; retry later"));
                });
    }

    /**
     * Passes the answer on: a small one (the usual JSON answer) read whole and written with one {@code end}, which
     * is one write to the socket instead of a chunk and an end; anything else streamed.
     */
    private static void stream(RoutingContext context, HttpClientResponse upstream) {
        HttpServerResponse response = context.response();
        String length = upstream.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && isSmall(length)) {
            upstream.body().onComplete(body -> pass(context, upstream, body), failure -> response.reset());
            return;
        }
        response.setStatusCode(upstream.statusCode());
        copyHeaders(upstream.headers(), response.headers(), false);
        response.setChunked(true); // larger or of unknown length: streamed, framed by the gateway
        upstream.pipeTo(response).onFailure(failure -> response.reset());
    }

    /** Passes an answer read whole on, with one {@code end}. */
    private static void pass(RoutingContext context, HttpClientResponse upstream, Buffer body) {
        HttpServerResponse response = context.response();
        if (!response.closed() && !response.ended()) {
            response.setStatusCode(upstream.statusCode());
            copyHeaders(upstream.headers(), response.headers(), false);
            response.end(body); // a client that went away meanwhile gets nothing, and nothing is logged
        }
    }

    private static boolean isSmall(String contentLength) {
        try {
            return Long.parseLong(contentLength) <= SMALL_ANSWER_BYTES;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static Map<String, String> replayable(MultiMap headers) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (!HOP_BY_HOP.contains(name) && !NOT_REPLAYED.contains(name)) {
                kept.put(header.getKey(), header.getValue());
            }
        }
        return kept;
    }

    /**
     * Copies end-to-end headers: not the hop-by-hop ones, nor any the {@code Connection} header names; towards a
     * service, also not the client's credentials (its {@code Authorization} and its cookies: a browser signed in to
     * the panel sends the panel's session with every request to this host), internal headers and trace context.
     */
    private static void copyHeaders(MultiMap from, MultiMap to, boolean towardsService) {
        Set<String> named = connectionOptions(from);
        for (Map.Entry<String, String> header : from) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (HOP_BY_HOP.contains(name) || named.contains(name) || (!towardsService && name.equals("x-request-id"))) {
                continue;
            }
            if (towardsService && (name.equals("authorization") || name.equals("cookie")
                    || name.startsWith("x-slotwise-") || name.startsWith("x-forwarded-") || name.equals("x-tenant-id")
                    || name.equals("forwarded") || CLIENT_TRACE_HEADERS.contains(name))) {
                continue;
            }
            to.add(header.getKey(), header.getValue());
        }
    }

    /** The header names a {@code Connection} header lists: hop-by-hop by declaration (RFC 9110 §7.6.1). */
    private static Set<String> connectionOptions(MultiMap headers) {
        List<String> values = headers.getAll(HttpHeaders.CONNECTION);
        if (values.isEmpty()) {
            return Set.of();
        }
        Set<String> named = new HashSet<>();
        for (String value : values) {
            for (String option : value.split(",")) {
                named.add(option.trim().toLowerCase(Locale.ROOT));
            }
        }
        return named;
    }
}
