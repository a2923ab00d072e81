package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.destination.DestinationPolicy;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;

@ApplicationScoped
public class EndpointService {

    static final String PREFIX = "we";

    private final DestinationPolicy destinations;
    private final SecretCipher cipher;
    private final Vertx vertx;

    public EndpointService(DestinationPolicy destinations, SecretCipher cipher, Vertx vertx) {
        this.destinations = destinations;
        this.cipher = cipher;
        this.vertx = vertx;
    }

    /** Checks the URL (DNS resolution: off the event loop), then stores the endpoint with a new secret. */
    public Uni<EndpointView> create(String tenantId, EndpointInput input) {
        for (int i = 0; i < input.events().size(); i++) {
            if (!EventTypes.ALL.contains(input.events().get(i))) {
                throw ApiException.invalid("events[" + i + "]", "is not a known event type");
            }
        }
        return vertx.executeBlocking(Uni.createFrom().item(() -> destinations.check(input.url())))
                .chain(checked -> Panache.withTransaction(() -> store(tenantId, input)));
    }

    private Uni<EndpointView> store(String tenantId, EndpointInput input) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        String secret = WebhookSigner.newSecret();
        WebhookEndpoint endpoint = new WebhookEndpoint();
        endpoint.id = Ids.next(PREFIX);
        endpoint.tenantId = tenantId;
        endpoint.url = input.url();
        endpoint.events = new LinkedHashSet<>(input.events()).toArray(new String[0]);
        endpoint.description = input.description();
        endpoint.status = "active";
        endpoint.secretCiphertext = cipher.encrypt(secret);
        endpoint.createdAt = now;
        endpoint.updatedAt = now;
        return endpoint.<WebhookEndpoint>persist().map(saved -> EndpointView.of(saved, secret));
    }

    @WithSession
    public Uni<Page<EndpointView>> list(String tenantId, PageRequest page) {
        Parameters parameters = Parameters.with("tenant", tenantId);
        String query = "tenantId = :tenant";
        if (page.afterId() != null) {
            query += " and id < :after";
            parameters.and("after", page.afterId());
        }
        return WebhookEndpoint.<WebhookEndpoint>find(query + " order by id desc", parameters)
                .range(0, page.fetchSize() - 1).list()
                .map(rows -> Page.of(rows, page, e -> e.id).map(e -> EndpointView.of(e, null)));
    }

    @WithSession
    public Uni<EndpointView> get(String tenantId, String id) {
        return WebhookEndpoint.<WebhookEndpoint>find("tenantId = :tenant and id = :id",
                        Parameters.with("tenant", tenantId).and("id", id)).firstResult()
                .onItem().ifNull().failWith(() -> ApiException.notFound("webhook endpoint"))
                .map(e -> EndpointView.of(e, null));
    }
}
