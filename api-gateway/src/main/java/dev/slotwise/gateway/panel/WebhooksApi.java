package dev.slotwise.gateway.panel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Scopes;
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
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The panel's way to the webhook-dispatcher: its public API (CONTRACT §8), with an internal token for the signed-in
 * user's tenant — so §8's validation and the SSRF refusal are the dispatcher's, once, and the panel shows their
 * messages. The panel acts for the business itself: its token is of the kind {@code panel} (every endpoint of the
 * tenant, whoever created it) and holds every scope, so a person may subscribe to any event and sees every payload.
 */
@ApplicationScoped
public class WebhooksApi {

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

    private static final Set<String> SCOPES = Set.copyOf(Scopes.ALL);
    private static final Logger LOG = Logger.getLogger(WebhooksApi.class);
    /** What the pages show when the dispatcher does not answer: the API's own 503. */
    static final Answer UNREACHABLE = new Answer(503, JsonNodeFactory.instance.objectNode()
            .put("code", "upstream_unavailable").put("status", 503)
            .put("detail", "Webhooks cannot be reached right now. Try again in a moment."));

    private final WebClient client;
    private final URI base;
    private final InternalTokenIssuer tokens;
    private final ObjectMapper json;
    private final long timeoutMillis;

    public WebhooksApi(Vertx vertx, GatewayConfig config, InternalTokenIssuer tokens, ObjectMapper json) {
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

    public Uni<Answer> get(PanelSession session, String path) {
        return send(session, HttpMethod.GET, path, null);
    }

    public Uni<Answer> send(PanelSession session, HttpMethod method, String path, Object body) {
        HttpRequest<Buffer> request = client.requestAbs(method, base.resolve(path).toString())
                .bearerTokenAuthentication(tokens.tokenFor(session.credential(SCOPES)))
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
        return response.map(answer -> new Answer(answer.statusCode(), parse(answer.body())))
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("the webhook-dispatcher could not be reached for %s %s: %s", method, path, failure.toString());
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
