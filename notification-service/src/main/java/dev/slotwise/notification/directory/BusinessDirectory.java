package dev.slotwise.notification.directory;

import dev.slotwise.notification.NotificationsConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The names e-mails and feeds show, which live elsewhere: the business's (the tenant's, at the gateway), its
 * services' and its booking policy's text (catalog-staff-service). E-mails are sent long after any request, so this
 * service reads them with an internal token of its own, which the gateway mints for one tenant and read scopes only
 * when shown this service's secret. What it read is kept in {@code display_names} and read again when older than
 * {@code slotwise.notifications.names-fresh-for}; while the catalog or the gateway is away, what was kept is used.
 */
@ApplicationScoped
public class BusinessDirectory {

    private static final String KEPT = """
            select kind, id, name, fetched_at > now() - make_interval(secs => $3) as fresh from display_names
            where tenant_id = $1 and ((kind = 'tenant' and id = $1) or (kind = 'policy' and id = 'booking')
                or (kind = 'service' and id = any($2)))""";
    private static final String KEEP = """
            insert into display_names (tenant_id, kind, id, name) values ($1, $2, $3, $4)
            on conflict (tenant_id, kind, id) do update set name = excluded.name, fetched_at = now()""";
    private static final long TOKEN_MARGIN_SECONDS = 60;

    private final Pool pool;
    private final GatewayClient gateway;
    private final CatalogClient catalog;
    private final NotificationsConfig config;
    private final Map<String, GatewayClient.ServiceToken> tokens = new ConcurrentHashMap<>();

    public BusinessDirectory(Pool pool, @RestClient GatewayClient gateway, @RestClient CatalogClient catalog,
            NotificationsConfig config) {
        this.pool = pool;
        this.gateway = gateway;
        this.catalog = catalog;
        this.config = config;
    }

    public Uni<BusinessNames> names(String tenantId, List<String> serviceIds) {
        return pool.preparedQuery(KEPT)
                .execute(Tuple.of(tenantId, serviceIds.toArray(String[]::new), config.namesFreshFor().toSeconds()))
                .chain(rows -> {
                    Map<String, String> kept = new HashMap<>();
                    boolean fresh = true;
                    for (Row row : rows) {
                        kept.put(row.getString("kind") + ":" + row.getString("id"), row.getString("name"));
                        fresh &= row.getBoolean("fresh");
                    }
                    boolean complete = kept.size() == serviceIds.size() + 2;
                    if (complete && fresh) {
                        return Uni.createFrom().item(namesOf(kept, tenantId, serviceIds));
                    }
                    if (config.serviceSecret().isEmpty()) {
                        // no way to read them (SLOTWISE_NOTIFICATIONS_SERVICE_SECRET unset): e-mails still go out,
                        // naming what is known (the sender name setting, the services by id)
                        return Uni.createFrom().item(namesOf(kept, tenantId, serviceIds));
                    }
                    return fetch(tenantId, serviceIds)
                            .onFailure(failure -> complete).recoverWithItem(() -> namesOf(kept, tenantId, serviceIds));
                });
    }

    /** Whether the tenant has this staff member (a calendar feed is made only for one). */
    public Uni<Boolean> staffExists(String tenantId, String staffId) {
        return token(tenantId).chain(token -> catalog.staff(bearer(token), staffId))
                .map(staff -> true)
                .onFailure(BusinessDirectory::notFound).recoverWithItem(false);
    }

    private Uni<BusinessNames> fetch(String tenantId, List<String> serviceIds) {
        return token(tenantId).chain(token -> {
            Map<String, String> found = new HashMap<>();
            found.put("tenant:" + tenantId, token.tenantName());
            Uni<Void> chain = catalog.bookingPolicy(bearer(token))
                    .map(policy -> policy.path("policyText").isTextual() ? policy.get("policyText").asText() : null)
                    .onFailure(BusinessDirectory::notFound).recoverWithNull()
                    .invoke(text -> found.put("policy:booking", text)).replaceWithVoid();
            for (String serviceId : serviceIds) {
                chain = chain.chain(() -> catalog.service(bearer(token), serviceId)
                        .map(service -> service.path("name").asText(serviceId))
                        .onFailure(BusinessDirectory::notFound).recoverWithItem(serviceId)
                        .invoke(name -> found.put("service:" + serviceId, name)).replaceWithVoid());
            }
            return chain.chain(() -> keep(tenantId, found)).map(done -> namesOf(found, tenantId, serviceIds));
        });
    }

    private Uni<Void> keep(String tenantId, Map<String, String> found) {
        List<Tuple> rows = new ArrayList<>();
        found.forEach((key, name) -> {
            String[] kindAndId = key.split(":", 2);
            rows.add(Tuple.of(tenantId, kindAndId[0], kindAndId[1], name));
        });
        return pool.preparedQuery(KEEP).executeBatch(rows).replaceWithVoid();
    }

    private Uni<GatewayClient.ServiceToken> token(String tenantId) {
        GatewayClient.ServiceToken token = tokens.get(tenantId);
        if (token != null && token.expiresAt() - TOKEN_MARGIN_SECONDS > Instant.now().getEpochSecond()) {
            return Uni.createFrom().item(token);
        }
        String secret = config.serviceSecret().orElseThrow(() ->
                new IllegalStateException("slotwise.notifications.service-secret is not set: names cannot be read"));
        return gateway.mint("Bearer " + secret, new GatewayClient.TokenRequest(tenantId))
                .invoke(minted -> tokens.put(tenantId, minted));
    }

    private static BusinessNames namesOf(Map<String, String> names, String tenantId, List<String> serviceIds) {
        List<String> services = serviceIds.stream().map(id -> names.getOrDefault("service:" + id, id)).toList();
        return new BusinessNames(names.get("tenant:" + tenantId), services, names.get("policy:booking"));
    }

    private static String bearer(GatewayClient.ServiceToken token) {
        return "Bearer " + token.token();
    }

    private static boolean notFound(Throwable failure) {
        return failure instanceof WebApplicationException web && web.getResponse().getStatus() == 404;
    }

}
