package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.webhooks.DispatcherClient;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * The panel's way to the webhook-dispatcher: its public API (CONTRACT §8), with an internal token for the signed-in
 * user's tenant — so §8's validation and the SSRF refusal are the dispatcher's, once, and the panel shows their
 * messages. The panel acts for the business itself: its token is of the kind {@code panel} (every endpoint of the
 * tenant, whoever created it) and holds every scope, so a person may subscribe to any event and sees every payload.
 */
@ApplicationScoped
public class WebhooksApi {

    private static final Set<String> SCOPES = Set.copyOf(Scopes.ALL);

    private final DispatcherClient dispatcher;

    public WebhooksApi(DispatcherClient dispatcher) {
        this.dispatcher = dispatcher;
    }

    public Uni<DispatcherClient.Answer> get(PanelSession session, String path) {
        return send(session, HttpMethod.GET, path, null);
    }

    public Uni<DispatcherClient.Answer> send(PanelSession session, HttpMethod method, String path, Object body) {
        return dispatcher.send(session.credential(SCOPES), method, path, body);
    }
}
