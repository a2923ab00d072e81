package dev.slotwise.webhooks.endpoint;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * What a revoked OAuth grant leaves behind (issue 34, "nobody keeps access they should lose"): the webhook endpoints
 * it created stop receiving data at once. In one transaction, under the tenant's endpoint lock (the one creates take,
 * see {@link EndpointService}): the grant is remembered as revoked, so it creates no endpoint again, and its endpoints
 * are deleted — with them, by cascade, their deliveries (pending, held or done) and attempts: nothing more is sent
 * to the application, and no copy of the business's data is kept for it. Idempotent: telling it again deletes
 * nothing more.
 *
 * <p>Deleted, not paused, as GitHub deletes an app's webhooks when it is uninstalled: a revoked grant is never valid
 * again (approving the application again makes a new grant), so nobody could use its endpoints any more — only the
 * business could resume one, sending the application the data it just lost access to — while they would keep its URL,
 * a signing secret and stored payloads of personal data, and count against the tenant's endpoint limit.
 */
@ApplicationScoped
public class RevokedGrants {

    private static final String REMEMBER = """
            insert into revoked_grants (grant_id, tenant_id) values ($1, $2) on conflict (grant_id) do nothing""";
    private static final String DELETE_ENDPOINTS = "delete from webhook_endpoints where tenant_id = $1 and created_by = $2";

    private final Pool pool;

    public RevokedGrants(Pool pool) {
        this.pool = pool;
    }

    /** Ends what the tenant's grant created; answers how many endpoints were deleted. */
    public Uni<Integer> revoked(String tenantId, String grantId) {
        return pool.withTransaction(connection -> connection.preparedQuery(EndpointService.TENANT_LOCK)
                .execute(Tuple.of(tenantId))
                .chain(() -> connection.preparedQuery(REMEMBER).execute(Tuple.of(grantId, tenantId)))
                .chain(() -> connection.preparedQuery(DELETE_ENDPOINTS).execute(Tuple.of(tenantId, grantId)))
                .map(deleted -> deleted.rowCount()));
    }
}
