package dev.slotwise.gateway.webhooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import dev.slotwise.gateway.token.InternalTokenIssuer;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * The gateway's own calls to the webhook-dispatcher ({@code slotwise.gateway.services.webhooks}), each with the
 * internal token of the credential it is made for: the panel's calls to the public webhook API (CONTRACT §8) and the
 * notice that a revoked grant's endpoints must go. A dispatcher that does not answer is the API's own 503, never an
 * exception; an outage is logged when it starts and when it ends, not once per call.
 */
@ApplicationScoped
public class DispatcherClient {

    /** The dispatcher's answer: its status and JSON body (a problem document when it refused). */
    public record Answer(int status, JsonNode body) {

        public boolean ok() {
            return status >= 200 && status < 300;
        }

        /** What a person reads beside the form: the problem's detail, and each field's message. */
        public String message() {
            StringBuilder message = new StringBuilder(body.path("detail").asText(body.path("title").asText("The request failed")));
            for (JsonNode error : body.path("errors")) {
                String line = error.path("field").asText() + " " + error.path("message").asText();
                if (!message.toString().contains(line)) {
                    message.append(" — ").append(line);
                }
            }
            return message.toString();
        }

        public String code() {
            return body.path("code").asText("");
        }
    }

    private static final Logger LOG = Logger.getLogger(DispatcherClient.class);
    /** What a call answers when the dispatcher does not: the API's own 503. */
    public static final Answer UNREACHABLE = new Answer(503, JsonNodeFactory.instance.objectNode()
            .put("code", "upstream_unavailable").put("status", 503)
            .put("detail", "Webhooks cannot be reached right now. Try again in a moment."));

    private final WebClient client;
    private final URI base;
    private final InternalTokenIssuer tokens;
    private final ObjectMapper json;
    private final long timeoutMillis;
    private final AtomicBoolean unreachable = new AtomicBoolean();

    public DispatcherClient(Vertx vertx, GatewayConfig config, InternalTokenIssuer tokens, ObjectMapper json) {
        this.base = config.gateway().services().get("webhooks");
        this.client = WebClient.create(vertx, new WebClientOptions()
                .setConnectTimeout((int) config.gateway().upstreamConnectTimeout().toMillis()));
        this.tokens = tokens;
        this.json = json;
        this.timeoutMillis = Duration.ofSeconds(15).toMillis();
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /** Calls the dispatcher for this credential; {@code body} (may be null) is sent as JSON. */
    public Uni<Answer> send(Credential credential, HttpMethod method, String path, Object body) {
        HttpRequest<Buffer> request = client.requestAbs(method, base.resolve(path).toString())
                .bearerTokenAuthentication(tokens.tokenFor(credential))
                .putHeader("Accept", "application/json")
                .timeout(timeoutMillis);
        Uni<io.vertx.mutiny.ext.web.client.HttpResponse<Buffer>> response;
        if (body == null) {
            response = request.send();
        } else {
            try {
                response = request.putHeader("Content-Type", "application/json")
                        .sendBuffer(Buffer.buffer(json.writeValueAsBytes(body)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return response.map(answer -> {
                    if (unreachable.compareAndSet(true, false)) {
                        LOG.info("the webhook-dispatcher answers again");
                    }
                    return new Answer(answer.statusCode(), parse(answer.body()));
                })
                .onFailure().recoverWithItem(failure -> {
                    if (unreachable.compareAndSet(false, true)) {
                        LOG.warnf("the webhook-dispatcher could not be reached for %s %s: %s", method, path,
                                failure.toString());
                    } else {
                        LOG.debugf("the webhook-dispatcher still cannot be reached: %s", failure.toString());
                    }
                    return UNREACHABLE;
                });
    }

    private JsonNode parse(Buffer body) {
        if (body == null || body.length() == 0) {
            return NullNode.getInstance();
        }
        try {
            return json.readTree(body.getBytes());
        } catch (IOException e) {
            return NullNode.getInstance();
        }
    }
}
