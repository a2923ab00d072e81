package dev.slotwise.webhooks.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.destination.DestinationPolicy;
import dev.slotwise.webhooks.signing.SecretCipher;
import dev.slotwise.webhooks.signing.WebhookSigner;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    private final Pool pool;

    public EndpointLifecycle(JsonMergePatch mergePatch, DestinationPolicy destinations, SecretCipher cipher, Pool pool) {
        this.pool = pool;
        this.mergePatch = mergePatch;
        this.destinations = destinations;
        this.cipher = cipher;
    }

    /**
     * Applies a merge patch. A change of the events or of the URL (a new receiver of what the endpoint carries) needs
     * the read scope of every family the endpoint then receives, as a new subscription does.
     */
    public Uni<EndpointView> update(Caller caller, String id, JsonNode patch) {
        return Panache.withSession(() -> existing(caller, id)).chain(current -> {
            EndpointChanges changed = mergePatch.apply(EndpointChanges.of(current), patch, EndpointChanges.class);
            EventTypes.requireKnown(changed.events());
            boolean newUrl = !changed.url().equals(current.url);
            if (newUrl || !Set.copyOf(changed.events()).equals(Set.copyOf(List.of(current.events)))) {
                caller.requireReadScopes(changed.events());
            }
            Uni<Void> urlChecked = !newUrl ? Uni.createFrom().voidItem()
                    : destinations.checked(changed.url()).replaceWithVoid();
            return urlChecked.chain(() -> Panache.withTransaction(() -> existing(caller, id).chain(endpoint -> {
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
    public Uni<Void> delete(Caller caller, String id) {
        return pool.preparedQuery("delete from webhook_endpoints where " + WebhookEndpoint.REACHABLE_BY_ID)
                .execute(Tuple.from(WebhookEndpoint.reachableById(caller, id)))
                .invoke(rows -> {
                    if (rows.rowCount() == 0) {
                        throw ApiException.notFound("webhook endpoint");
                    }
                })
                .replaceWithVoid();
    }

    /** A new secret; the old one keeps signing beside it for 24 hours. The new secret is shown this once. */
    public Uni<Map<String, String>> rotateSecret(Caller caller, String id) {
        String secret = WebhookSigner.newSecret();
        return Panache.withTransaction(() -> existing(caller, id).map(endpoint -> {
            endpoint.previousSecretCiphertext = endpoint.secretCiphertext;
            endpoint.secretCiphertext = cipher.encrypt(endpoint.id, secret);
            endpoint.secretRotatedAt = now();
            endpoint.updatedAt = endpoint.secretRotatedAt;
            return Map.of("secret", secret);
        }));
    }

    /** The endpoint, when the caller reaches it (CONTRACT §8); 404 otherwise, as for one that does not exist. */
    static Uni<WebhookEndpoint> existing(Caller caller, String id) {
        Parameters parameters = Parameters.with("id", id);
        String reachable = WebhookEndpoint.reachableBy(caller, parameters);
        return WebhookEndpoint.<WebhookEndpoint>find(reachable + " and id = :id", parameters).<WebhookEndpoint>singleResult()
                .onFailure(NoResultException.class).transform(none -> ApiException.notFound("webhook endpoint"));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
