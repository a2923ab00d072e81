package dev.slotwise.gateway.credential;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.BearerSecrets;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the credential behind a bearer token — an API key or an OAuth access token — by the token's SHA-256 (the plain token is never stored or logged).
 * A verified credential is trusted for {@code slotwise.gateway.credential-cache-ttl} (500 ms), so a revocation is seen
 * by every replica within that time; the replica that revoked forgets it at once. A Vert.x future, not a Uni: this is
 * on every request's path, and a cached credential is answered by an already completed future.
 */
@Singleton
public class CredentialStore {

    private static final String FIND_API_KEY = """
            select k.id, k.tenant_id, k.scopes, t.time_zone, t.plan, t.rate_limit_per_hour, null::timestamptz as expires_at
              from api_keys k join tenants t on t.id = k.tenant_id
             where k.key_hash = $1 and k.revoked_at is null""";
    /** An OAuth access token speaks for its grant: the grant's id, tenant, and the token's scopes. */
    private static final String FIND_ACCESS_TOKEN = """
            select g.id, g.tenant_id, o.scopes, t.time_zone, t.plan, t.rate_limit_per_hour, o.expires_at
              from oauth_tokens o join oauth_grants g on g.id = o.grant_id join tenants t on t.id = g.tenant_id
             where o.token_hash = $1 and o.kind = 'access' and o.revoked_at is null and g.revoked_at is null
               and o.expires_at > now()""";

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
        String query;
        if (BearerSecrets.wellFormed(BearerSecrets.API_KEY, bearerToken)) {
            query = FIND_API_KEY;
        } else if (BearerSecrets.wellFormed(BearerSecrets.ACCESS_TOKEN, bearerToken)) {
            query = FIND_ACCESS_TOKEN;
        } else {
            return Future.succeededFuture(Optional.empty());
        }
        byte[] hash = BearerSecrets.sha256(bearerToken);
        String cacheKey = HexFormat.of().formatHex(hash);
        Credential cached = verified.getIfPresent(cacheKey);
        if (cached != null) {
            if (cached.expiredAt(Instant.now())) {
                verified.invalidate(cacheKey);
                return Future.succeededFuture(Optional.empty());
            }
            return Future.succeededFuture(Optional.of(cached));
        }
        return pool.getDelegate().preparedQuery(query).execute(Tuple.of(Buffer.buffer(hash)))
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

    /** Forgets a revoked key or token on this replica at once (the others within the cache TTL). */
    public void forget(byte[] keyHash) {
        verified.invalidate(HexFormat.of().formatHex(keyHash));
    }

    private static Credential toCredential(Row row) {
        return new Credential(row.getString("id"), row.getString("tenant_id"),
                Set.of(row.getString("scopes").split(" ")), row.getString("time_zone"), row.getString("plan"),
                row.getInteger("rate_limit_per_hour"), row.getOffsetDateTime("expires_at") == null ? null
                        : row.getOffsetDateTime("expires_at").toInstant());
    }
}
