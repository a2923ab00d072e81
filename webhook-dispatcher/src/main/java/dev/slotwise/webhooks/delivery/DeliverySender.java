package dev.slotwise.webhooks.delivery;

import dev.slotwise.webhooks.WebhooksConfig;
import dev.slotwise.webhooks.destination.Destination;
import dev.slotwise.webhooks.destination.DestinationPolicy;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.tracing.TracingPolicy;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.mutiny.core.Vertx;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.mutiny.core.http.HttpClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * One signed POST of a delivery (CONTRACT §8). The URL is checked again right before the attempt and the
 * connection goes to the address that passed, with the endpoint's host name kept for {@code Host}, SNI and
 * certificate verification. No redirects; the whole attempt, name lookup included, is bounded by the timeout.
 *
 * <p>A receiver cannot hold the dispatcher's resources past that bound: an attempt that times out resets its
 * request (the connection is closed, never left half-read in the pool); once the status arrives the attempt is
 * over, and at most {@link #MAX_BODY} of the answer's body is drained, within one more timeout, for the
 * connection to be reused — a longer or slower body resets it. Name lookups do not block ({@link
 * dev.slotwise.webhooks.destination.DnsHostResolver}): a tenant's name server that never answers holds no thread
 * another tenant's delivery needs.
 */
@ApplicationScoped
public class DeliverySender {

    /** The most of a receiver's answer body read before its connection is reset instead of reused. */
    static final int MAX_BODY = 64 * 1024;

    private final Vertx vertx;
    private final WebhooksConfig config;
    private final SecretCipher cipher;
    private final DestinationPolicy destinations;
    private final HttpClient http;

    public DeliverySender(Vertx vertx, WebhooksConfig config, SecretCipher cipher, DestinationPolicy destinations) {
        this.vertx = vertx;
        this.config = config;
        this.cipher = cipher;
        this.destinations = destinations;
        this.http = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) config.timeout().toMillis())
                .setMaxPoolSize(config.connectionsPerHost())
                .setKeepAlive(true)
                .setVerifyHost(true)
                .setTrustAll(false)
                // no client spans (they would name the endpoint's URL) and no trace headers to receivers
                .setTracingPolicy(TracingPolicy.IGNORE));
    }

    /** The receiver's status code; a failure for a refused destination, a connection error or the timeout. */
    Uni<Integer> send(Due due) {
        Attempt attempt = new Attempt();
        return Uni.createFrom().deferred(() -> destinations.pinned(due.url()))
                .chain(destination -> post(destination, due, attempt))
                .ifNoItem().after(config.timeout()).failWith(() -> new DeliveryTimeout(config.timeout().toMillis()))
                .onFailure().invoke(attempt::abandon);
    }

    private Uni<Integer> post(Destination destination, Due due, Attempt attempt) {
        String secret = cipher.decrypt(due.endpointId(), due.secretCiphertext());
        String deliveryId = due.id().toString();
        long timestamp = Instant.now().getEpochSecond();
        String standardSignature = WebhookSigner.standardSignature(secret, deliveryId, timestamp, due.payload());
        if (due.previousSecretCiphertext() != null) {
            // within 24 h of a rotation the old secret signs too, so receivers can switch without losing a delivery
            standardSignature += " " + WebhookSigner.standardSignature(
                    cipher.decrypt(due.endpointId(), due.previousSecretCiphertext()),
                    deliveryId, timestamp, due.payload());
        }
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setServer(SocketAddress.inetSocketAddress(destination.port(), destination.address().getHostAddress()))
                .setHost(destination.host())
                .setPort(destination.port())
                .setSsl(destination.https())
                .setURI(destination.requestTarget())
                .setFollowRedirects(false)
                .putHeader("Content-Type", "application/json")
                .putHeader("User-Agent", "Slotwise-Webhooks/1")
                .putHeader("X-Slotwise-Event", due.eventType())
                .putHeader("X-Slotwise-Delivery", deliveryId)
                .putHeader("X-Slotwise-Signature", WebhookSigner.slotwiseSignature(secret, due.payload()))
                .putHeader("webhook-id", deliveryId)
                .putHeader("webhook-timestamp", Long.toString(timestamp))
                .putHeader("webhook-signature", standardSignature);
        // the core future's callback runs even when the attempt was given up while a connection was awaited
        return Uni.createFrom().<HttpClientRequest>emitter(emitter -> http.getDelegate().request(options)
                        .onSuccess(request -> {
                            if (attempt.started(request)) {
                                emitter.complete(request);
                            }
                        })
                        .onFailure(emitter::fail))
                .chain(request -> Uni.createFrom().<HttpClientResponse>emitter(emitter -> request
                        .send(Buffer.buffer(due.payload()))
                        .onSuccess(emitter::complete)
                        .onFailure(emitter::fail)))
                .map(response -> drain(attempt, response));
    }

    /** The status is the answer; the body is drained (up to {@link #MAX_BODY}) only to reuse the connection. */
    private int drain(Attempt attempt, HttpClientResponse response) {
        long resetTimer = vertx.setTimer(config.timeout().toMillis(), id -> attempt.abandon());
        long[] read = {0};
        response.handler(chunk -> {
            read[0] += chunk.length();
            if (read[0] > MAX_BODY) {
                vertx.cancelTimer(resetTimer);
                attempt.abandon();
            }
        });
        response.endHandler(ended -> vertx.cancelTimer(resetTimer));
        response.exceptionHandler(failed -> vertx.cancelTimer(resetTimer));
        return response.statusCode();
    }

    /** The request of one attempt, reset when the attempt is given up (before or after the request exists). */
    private static final class Attempt {
        private HttpClientRequest request;
        private boolean abandoned;

        /** {@code false} (and the request reset) when the attempt was given up before its connection came. */
        synchronized boolean started(HttpClientRequest request) {
            if (abandoned) {
                request.reset();
                return false;
            }
            this.request = request;
            return true;
        }

        synchronized void abandon() {
            abandoned = true;
            if (request != null) {
                request.reset();
            }
        }
    }

    static final class DeliveryTimeout extends RuntimeException {
        DeliveryTimeout(long millis) {
            super("no answer within " + millis + " ms", null, false, false);
        }
    }
}
