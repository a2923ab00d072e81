package dev.slotwise.webhooks.delivery;

import dev.slotwise.webhooks.WebhooksConfig;
import dev.slotwise.webhooks.destination.Destination;
import dev.slotwise.webhooks.destination.DestinationPolicy;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.core.http.HttpClient;
import io.vertx.mutiny.core.http.HttpClientResponse;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * One signed POST of a delivery (CONTRACT §8). The URL is checked again right before the attempt and the
 * connection goes to the address that passed, with the endpoint's host name kept for {@code Host}, SNI and
 * certificate verification. No redirects; the whole attempt, name lookup included, is bounded by the timeout.
 */
@ApplicationScoped
public class DeliverySender {

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
                .setMaxPoolSize(config.maxInFlight())
                .setKeepAlive(true)
                .setVerifyHost(true)
                .setTrustAll(false));
    }

    /** The receiver's status code; a failure for a refused destination, a connection error or the timeout. */
    Uni<Integer> send(Due due) {
        Uni<Destination> pinned = Uni.createFrom().item(() -> destinations.pin(due.url()));
        // only a name lookup blocks; an address literal is checked right here
        return (destinations.needsLookup(due.url()) ? vertx.executeBlocking(pinned, false) : pinned)
                .chain(destination -> post(destination, due))
                .ifNoItem().after(config.timeout()).failWith(() -> new DeliveryTimeout(config.timeout().toMillis()));
    }

    private Uni<Integer> post(Destination destination, Due due) {
        String secret = cipher.decrypt(due.secretCiphertext());
        String deliveryId = due.id().toString();
        long timestamp = Instant.now().getEpochSecond();
        String standardSignature = WebhookSigner.standardSignature(secret, deliveryId, timestamp, due.payload());
        if (due.previousSecretCiphertext() != null) {
            // within 24 h of a rotation the old secret signs too, so receivers can switch without losing a delivery
            standardSignature += " " + WebhookSigner.standardSignature(cipher.decrypt(due.previousSecretCiphertext()),
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
                .setIdleTimeout(config.timeout().toMillis())
                .putHeader("Content-Type", "application/json")
                .putHeader("User-Agent", "Slotwise-Webhooks/1")
                .putHeader("X-Slotwise-Event", due.eventType())
                .putHeader("X-Slotwise-Delivery", deliveryId)
                .putHeader("X-Slotwise-Signature", WebhookSigner.slotwiseSignature(secret, due.payload()))
                .putHeader("webhook-id", deliveryId)
                .putHeader("webhook-timestamp", Long.toString(timestamp))
                .putHeader("webhook-signature", standardSignature);
        return http.request(options)
                .chain(request -> request.send(Buffer.buffer(due.payload())))
                .chain(DeliverySender::statusOf);
    }

    /** Only the status matters; the body is read and dropped (never held whole in memory). */
    private static Uni<Integer> statusOf(HttpClientResponse response) {
        return response.handler(ignored -> {
        }).end().replaceWith(response.statusCode());
    }

    static final class DeliveryTimeout extends RuntimeException {
        DeliveryTimeout(long millis) {
            super("no answer within " + millis + " ms", null, false, false);
        }
    }
}
