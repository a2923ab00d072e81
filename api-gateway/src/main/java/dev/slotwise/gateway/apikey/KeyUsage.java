package dev.slotwise.gateway.apikey;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * When each API key was last used (the panel's "Last used"), written at most once a minute per key and replica, and
 * never waited for: the request goes on while the update runs, and a failed update is only logged. The statement
 * itself skips a key written by another replica within the minute, so N replicas do not write N times.
 */
@Singleton
public class KeyUsage {

    private static final Logger LOG = Logger.getLogger(KeyUsage.class);
    private static final Duration EVERY = Duration.ofMinutes(1);
    private static final String TOUCH = """
            update api_keys set last_used_at = now()
             where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')""";

    private final Pool pool;
    private final Cache<String, Boolean> recentlyWritten = Caffeine.newBuilder().expireAfterWrite(EVERY)
            .maximumSize(100_000).build();

    public KeyUsage(Pool pool) {
        this.pool = pool;
    }

    public void used(String keyId) {
        if (recentlyWritten.asMap().putIfAbsent(keyId, Boolean.TRUE) != null) {
            return;
        }
        pool.preparedQuery(TOUCH).execute(Tuple.of(keyId)).subscribe().with(
                rows -> { },
                failure -> LOG.warnf("recording the use of key %s failed: %s", keyId, failure.toString()));
    }
}
