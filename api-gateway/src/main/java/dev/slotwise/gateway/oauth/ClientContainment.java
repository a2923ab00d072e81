package dev.slotwise.gateway.oauth;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Disabling an application (CONTRACT §10): in one transaction the client is marked disabled and every grant it holds,
 * in every tenant, is revoked — and with the grants every code, access and refresh token descended from them. Every
 * replica refuses those access tokens within the credential cache's 500 ms (the revoked grant is part of the lookup),
 * this one at once. The update locks the client's row; issuing a code or a token takes a share lock on it and checks
 * it is enabled ({@link OAuthTokens}, {@link Grants#approve}), so nothing issued concurrently outlives the disabling.
 */
@ApplicationScoped
public class ClientContainment {

    private static final String DISABLE = """
            update oauth_clients set disabled_at = coalesce(disabled_at, now()), updated_at = now() where id = $1""";
    private static final String ENABLE = "update oauth_clients set disabled_at = null, updated_at = now() where id = $1";

    private final Pool pool;
    private final Grants grants;

    public ClientContainment(Pool pool, Grants grants) {
        this.pool = pool;
        this.grants = grants;
    }

    /** Disables the client and revokes all it holds; false when there is no such client. */
    public Uni<Boolean> disable(String clientId) {
        return pool.withTransaction(connection -> connection.preparedQuery(DISABLE).execute(Tuple.of(clientId))
                        .chain(updated -> updated.rowCount() == 0 ? Uni.createFrom().<List<byte[]>>nullItem()
                                : grants.revokeEveryGrantOf(connection, clientId)))
                .map(hashes -> {
                    if (hashes == null) {
                        return false;
                    }
                    grants.afterRevoking(hashes);
                    return true;
                });
    }

    /** Lets the client connect again; what disabling revoked stays revoked. False when there is no such client. */
    public Uni<Boolean> enable(String clientId) {
        return pool.preparedQuery(ENABLE).execute(Tuple.of(clientId)).map(updated -> updated.rowCount() == 1);
    }
}
