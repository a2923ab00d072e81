package dev.slotwise.webhooks.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.destination.DestinationPolicy;
import dev.slotwise.webhooks.destination.HostLookups;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.Map;
import jakarta.persistence.NoResultException;

/**
 * Changes to an existing endpoint: a merge patch (a new URL is checked like a new endpoint's), pausing and
 * resuming, deletion and secret rotation. Pausing holds the endpoint's pending deliveries; resuming makes every
 * held one due at once, oldest first, and wakes the workers.
 */
@ApplicationScoped
public class EndpointLifecycle {

    private static final String HOLD = """
            update deliveries set status = 'held', next_attempt_at = null, lease_until = null
             where endpoint_id = :endpoint and status = 'pending' and event_type <> 'ping'""";
    private static final String RELEASE_HELD = """
            update deliveries set status = 'pending', in_order = true,
                   next_attempt_at = now() + (interval '1 millisecond' * ordinal)
              from (select id, row_number() over (order by created_at, id) as ordinal
                      from deliveries where endpoint_id = :endpoint and status = 'held') ordered
             where deliveries.id = ordered.id""";

    private final JsonMergePatch mergePatch;
    private final DestinationPolicy destinations;
    private final SecretCipher cipher;
    private final HostLookups lookups;
    private final Pool pool;

    public EndpointLifecycle(JsonMergePatch mergePatch, DestinationPolicy destinations, SecretCipher cipher,
            HostLookups lookups, Pool pool) {
        this.pool = pool;
        this.mergePatch = mergePatch;
        this.destinations = destinations;
        this.cipher = cipher;
        this.lookups = lookups;
    }

    public Uni<EndpointView> update(String tenantId, String id, JsonNode patch) {
        return Panache.withSession(() -> existing(tenantId, id)).chain(current -> {
            EndpointChanges changed = mergePatch.apply(EndpointChanges.of(current), patch, EndpointChanges.class);
            for (int i = 0; i < changed.events().size(); i++) {
                if (!EventTypes.ALL.contains(changed.events().get(i))) {
                    throw ApiException.invalid("events[" + i + "]", "is not a known event type");
                }
            }
            Uni<Void> urlChecked = changed.url().equals(current.url) ? Uni.createFrom().voidItem()
                    : lookups.run(Uni.createFrom().item(() -> destinations.check(changed.url()))).replaceWithVoid();
            return urlChecked.chain(() -> Panache.withTransaction(() -> existing(tenantId, id).chain(endpoint -> {
                String before = endpoint.status;
                endpoint.url = changed.url();
                endpoint.events = new LinkedHashSet<>(changed.events()).toArray(new String[0]);
                endpoint.description = changed.description();
                endpoint.status = changed.status();
                endpoint.updatedAt = now();
                return endpoint.<WebhookEndpoint>persistAndFlush().replaceWith(EndpointView.of(endpoint, null))
                        .call(() -> before.equals(endpoint.status) ? Uni.createFrom().voidItem()
                                : moveDeliveries(endpoint.id, endpoint.status));
            })));
        });
    }

    /** Holds or releases the endpoint's deliveries in the same transaction as its status change. */
    private Uni<Void> moveDeliveries(String endpointId, String status) {
        String statement = "paused".equals(status) ? HOLD : RELEASE_HELD;
        return Panache.getSession().chain(session -> session.createNativeQuery(statement)
                        .setParameter("endpoint", endpointId).executeUpdate())
                .chain(() -> Panache.getSession().chain(session -> session
                        .createNativeQuery("select pg_notify('slotwise_deliveries', '')").getSingleResultOrNull()))
                .replaceWithVoid();
    }

    /**
     * One statement (its deliveries and their attempts go by cascade), on the plain pool: the cascade can take a
     * while for a busy endpoint and needs no session.
     */
    public Uni<Void> delete(String tenantId, String id) {
        return pool.preparedQuery("delete from webhook_endpoints where id = $1 and tenant_id = $2")
                .execute(Tuple.of(id, tenantId))
                .invoke(rows -> {
                    if (rows.rowCount() == 0) {
                        throw ApiException.notFound("webhook endpoint");
                    }
                })
                .replaceWithVoid();
    }

    /** A new secret; the old one keeps signing beside it for 24 hours. The new secret is shown this once. */
    public Uni<Map<String, String>> rotateSecret(String tenantId, String id) {
        String secret = WebhookSigner.newSecret();
        return Panache.withTransaction(() -> existing(tenantId, id).map(endpoint -> {
            endpoint.previousSecretCiphertext = endpoint.secretCiphertext;
            endpoint.secretCiphertext = cipher.encrypt(endpoint.id, secret);
            endpoint.secretRotatedAt = now();
            endpoint.updatedAt = endpoint.secretRotatedAt;
            return Map.of("secret", secret);
        }));
    }

    /** The endpoint of the tenant, or 404. */
    static Uni<WebhookEndpoint> existing(String tenantId, String id) {
        return WebhookEndpoint.<WebhookEndpoint>find("tenantId = ?1 and id = ?2", tenantId, id).<WebhookEndpoint>singleResult()
                .onFailure(NoResultException.class).transform(none -> ApiException.notFound("webhook endpoint"));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
