package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.WebhooksConfig;
import dev.slotwise.webhooks.destination.DestinationPolicy;
import dev.slotwise.webhooks.destination.HostLookups;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import jakarta.persistence.NoResultException;

@ApplicationScoped
public class EndpointService {

    static final String PREFIX = "we";

    private final DestinationPolicy destinations;
    private final SecretCipher cipher;
    private final HostLookups lookups;
    private final int maxEndpoints;

    public EndpointService(DestinationPolicy destinations, SecretCipher cipher, HostLookups lookups,
            WebhooksConfig config) {
        this.destinations = destinations;
        this.cipher = cipher;
        this.lookups = lookups;
        this.maxEndpoints = config.maxEndpointsPerTenant();
    }

    /**
     * Checks the URL (DNS resolution: off the event loop), then stores the endpoint with a new secret — unless the
     * tenant has its {@code max-endpoints-per-tenant} already (422; creates of one tenant are serialized by a
     * transaction lock, so racing creates cannot pass the limit together).
     */
    public Uni<EndpointView> create(String tenantId, EndpointInput input) {
        for (int i = 0; i < input.events().size(); i++) {
            if (!EventTypes.ALL.contains(input.events().get(i))) {
                throw ApiException.invalid("events[" + i + "]", "is not a known event type");
            }
        }
        return lookups.run(Uni.createFrom().item(() -> destinations.check(input.url())))
                .chain(checked -> Panache.withTransaction(() -> belowLimit(tenantId).chain(() -> store(tenantId, input))));
    }

    private Uni<Void> belowLimit(String tenantId) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(
                                "select cast(pg_advisory_xact_lock(hashtextextended('webhook-endpoints:' || :tenant, 0)) as text)")
                        .setParameter("tenant", tenantId).getSingleResult())
                .chain(() -> WebhookEndpoint.count("tenantId", tenantId))
                .invoke(count -> {
                    if (count >= maxEndpoints) {
                        throw ApiException.invalid("url", "cannot be added: a tenant can have at most " + maxEndpoints
                                + " webhook endpoints (delete one first)");
                    }
                })
                .replaceWithVoid();
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
        endpoint.secretCiphertext = cipher.encrypt(endpoint.id, secret);
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
                        Parameters.with("tenant", tenantId).and("id", id)).<WebhookEndpoint>singleResult()
                .onFailure(NoResultException.class).transform(none -> ApiException.notFound("webhook endpoint"))
                .map(e -> EndpointView.of(e, null));
    }
}
