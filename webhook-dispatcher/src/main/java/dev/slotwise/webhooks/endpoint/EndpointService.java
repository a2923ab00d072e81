package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.WebhooksConfig;
import dev.slotwise.webhooks.destination.DestinationPolicy;
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
import java.util.List;
import java.util.Map;

@ApplicationScoped
public class EndpointService {

    static final String PREFIX = "we";
    private static final String LOCK = """
            select cast(pg_advisory_xact_lock(hashtextextended('webhook-endpoints:' || %s, 0)) as text)""";
    /**
     * The tenant's endpoint lock ($1 the tenant), held until the transaction ends: creates take it, and so does the end
     * of a revoked grant's endpoints ({@link RevokedGrants}).
     */
    static final String TENANT_LOCK = LOCK.formatted("$1");

    private final DestinationPolicy destinations;
    private final SecretCipher cipher;
    private final int maxEndpoints;

    public EndpointService(DestinationPolicy destinations, SecretCipher cipher, WebhooksConfig config) {
        this.destinations = destinations;
        this.cipher = cipher;
        this.maxEndpoints = config.maxEndpointsPerTenant();
    }

    /**
     * Checks the event types and that the caller may read what they carry, then the URL (its name looked up without
     * blocking), then stores the endpoint with a new secret and its creator — unless the tenant has its
     * {@code max-endpoints-per-tenant} already (422; creates of one tenant are serialized by a transaction lock, so
     * racing creates cannot pass the limit together), or the caller is an application whose grant was revoked (401, as
     * the gateway answers its token: under the same lock, so no endpoint outlives the end of that grant's).
     */
    public Uni<EndpointView> create(Caller caller, EndpointInput input) {
        EventTypes.requireKnown(input.events());
        caller.requireReadScopes(input.events());
        return destinations.checked(input.url())
                .chain(checked -> Panache.withTransaction(() -> belowLimit(caller.tenantId())
                        .chain(() -> notRevoked(caller))
                        .chain(() -> store(caller, input))));
    }

    private Uni<Void> notRevoked(Caller caller) {
        if (caller.onlyCreatedBy() == null) {
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession()
                .chain(session -> session.createNativeQuery("select grant_id from revoked_grants where grant_id = :grant")
                        .setParameter("grant", caller.onlyCreatedBy()).getResultList())
                .invoke(revoked -> {
                    if (!revoked.isEmpty()) {
                        throw new ApiException(401, "unauthenticated", "the credential was revoked", List.of(),
                                Map.of("WWW-Authenticate", "Bearer"));
                    }
                })
                .replaceWithVoid();
    }

    private Uni<Void> belowLimit(String tenantId) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(LOCK.formatted(":tenant"))
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

    private Uni<EndpointView> store(Caller caller, EndpointInput input) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        String secret = WebhookSigner.newSecret();
        WebhookEndpoint endpoint = new WebhookEndpoint();
        endpoint.id = Ids.next(PREFIX);
        endpoint.tenantId = caller.tenantId();
        endpoint.createdBy = caller.credentialId();
        endpoint.url = input.url();
        endpoint.events = new LinkedHashSet<>(input.events()).toArray(new String[0]);
        endpoint.description = input.description();
        endpoint.status = "active";
        endpoint.secretCiphertext = cipher.encrypt(endpoint.id, secret);
        endpoint.createdAt = now;
        endpoint.updatedAt = now;
        return endpoint.<WebhookEndpoint>persist().map(saved -> EndpointView.of(saved, secret));
    }

    /** The endpoints the caller reaches (an application: those its grant created), newest first. */
    @WithSession
    public Uni<Page<EndpointView>> list(Caller caller, PageRequest page) {
        Parameters parameters = new Parameters();
        String query = WebhookEndpoint.reachableBy(caller, parameters);
        if (page.afterId() != null) {
            query += " and id < :after";
            parameters.and("after", page.afterId());
        }
        return WebhookEndpoint.<WebhookEndpoint>find(query + " order by id desc", parameters)
                .range(0, page.fetchSize() - 1).list()
                .map(rows -> Page.of(rows, page, e -> e.id).map(e -> EndpointView.of(e, null)));
    }

    @WithSession
    public Uni<EndpointView> get(Caller caller, String id) {
        return EndpointLifecycle.existing(caller, id).map(e -> EndpointView.of(e, null));
    }
}
