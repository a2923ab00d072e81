package dev.slotwise.gateway.credential;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.apikey.ApiKeySecrets;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Singleton;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the credential behind a bearer token by the token's SHA-256 (the plain token is never stored or logged).
 * A verified credential is trusted for {@code slotwise.gateway.credential-cache-ttl} (500 ms), so a revocation is seen
 * by every replica within that time; the replica that revoked forgets it at once. A Vert.x future, not a Uni: this is
 * on every request's path, and a cached credential is answered by an already completed future.
 */
@Singleton
public class CredentialStore {

    private static final String FIND_API_KEY = """
            select k.id, k.tenant_id, k.scopes, t.time_zone, t.plan, t.rate_limit_per_hour
              from api_keys k join tenants t on t.id = k.tenant_id
             where k.key_hash = $1 and k.revoked_at is null""";

    private final Pool pool;
    private final Cache<String, Credential> verified;

    public CredentialStore(Pool pool, GatewayConfig config) {
        this.pool = pool;
        this.verified = Caffeine.newBuilder()
                .expireAfterWrite(config.gateway().credentialCacheTtl())
                .maximumSize(100_000)
                .build();
    }

    /** The live credential for this bearer token, or empty when it is unknown, malformed or revoked. */
    public Future<Optional<Credential>> find(String bearerToken) {
        if (!ApiKeySecrets.wellFormed(bearerToken)) {
            return Future.succeededFuture(Optional.empty());
        }
        byte[] hash = ApiKeySecrets.sha256(bearerToken);
        String cacheKey = HexFormat.of().formatHex(hash);
        Credential cached = verified.getIfPresent(cacheKey);
        if (cached != null) {
            return Future.succeededFuture(Optional.of(cached));
        }
        return pool.getDelegate().preparedQuery(FIND_API_KEY).execute(Tuple.of(Buffer.buffer(hash)))
                .map(rows -> {
                    RowIterator<Row> iterator = rows.iterator();
                    if (!iterator.hasNext()) {
                        return Optional.<Credential>empty();
                    }
                    Credential credential = toCredential(iterator.next());
                    verified.put(cacheKey, credential);
                    return Optional.of(credential);
                });
    }

    public void forget(byte[] keyHash) {
        verified.invalidate(HexFormat.of().formatHex(keyHash));
    }

    private static Credential toCredential(Row row) {
        return new Credential(row.getString("id"), row.getString("tenant_id"),
                Set.of(row.getString("scopes").split(" ")), row.getString("time_zone"), row.getString("plan"),
                row.getInteger("rate_limit_per_hour"));
    }
}
