package dev.slotwise.gateway.oauth;

import dev.slotwise.gateway.signin.AccountThrottle;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Removes what has outlived its use, every 10 minutes on every replica (each statement is idempotent): abandoned
 * authorization requests, sign-in failures older than their window, and codes and tokens a day after they expired
 * (a used code is kept that long so that its reuse is still recognised; afterwards it is refused as unknown).
 */
@ApplicationScoped
public class OAuthUpkeep {

    private static final Logger LOG = Logger.getLogger(OAuthUpkeep.class);
    private static final Duration EVERY = Duration.ofMinutes(10);
    private static final String PURGE_CODES = "delete from oauth_codes where expires_at < now() - interval '1 day'";
    private static final String PURGE_TOKENS = "delete from oauth_tokens where expires_at < now() - interval '1 day'";

    private final Pool pool;
    private final AuthorizationRequests requests;
    private final AccountThrottle throttle;

    public OAuthUpkeep(Pool pool, AuthorizationRequests requests, AccountThrottle throttle) {
        this.pool = pool;
        this.requests = requests;
        this.throttle = throttle;
    }

    void schedule(@Observes StartupEvent started, Vertx vertx) {
        vertx.setPeriodic(EVERY.toMillis(), tick -> run().subscribe().with(
                done -> LOG.debug("purged expired authorization requests, codes and tokens"),
                failure -> LOG.warnf("purging expired OAuth records failed: %s", failure.toString())));
    }

    Uni<Void> run() {
        return requests.purge()
                .chain(throttle::purge)
                .chain(() -> pool.query(PURGE_CODES).execute())
                .chain(() -> pool.query(PURGE_TOKENS).execute())
                .replaceWithVoid();
    }
}
