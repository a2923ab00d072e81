package dev.slotwise.gateway.ratelimit;

import dev.slotwise.gateway.GatewayConfig;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Chooses where the gateway counts: Redis when {@code slotwise.rate-limit.redis-url} ({@code SLOTWISE_RATE_LIMIT_REDIS_URL})
 * is set, as it must be for more than one instance, failing over to this instance's memory while Redis is out
 * ({@link FailoverCounters}); otherwise in this instance's memory.
 */
public class CountersProducer {

    private static final Logger LOG = Logger.getLogger(CountersProducer.class);
    /** How long counting stays in memory after Redis was found out, before Redis is asked again. */
    private static final Duration FAILOVER_PAUSE = Duration.ofSeconds(5);
    /** A claim takes this share of what is left of a quota (bounded by the lease block). */
    private static final long LEASE_SHARE = 16;

    /** With Redis, counts are claimed in blocks ({@link QuotaLeases}) and unused ones given back every lease-hold. */
    @Produces
    @Singleton
    QuotaLeases quotaLeases(Counters counters, GatewayConfig config, Vertx vertx) {
        boolean shared = config.rateLimit().redisUrl().filter(url -> !url.isBlank()).isPresent();
        long block = shared ? config.rateLimit().leaseBlock() : 1;
        if (block <= 1) {
            return new QuotaLeases(counters, BlockSize.ONE, Duration.ZERO, System::nanoTime);
        }
        Duration hold = config.rateLimit().leaseHold();
        QuotaLeases leases = new QuotaLeases(counters, new BlockSize(LEASE_SHARE, block), hold, System::nanoTime);
        vertx.setPeriodic(Math.max(100, hold.toMillis() / 2), timer -> leases.giveBack(false));
        return leases;
    }

    @Produces
    @Singleton
    Counters counters(GatewayConfig config, Vertx vertx) {
        return config.rateLimit().redisUrl()
                .filter(url -> !url.isBlank())
                .<Counters>map(url -> {
                    LOG.info("rate limits are counted in Redis, shared by every gateway instance");
                    Redis client = Redis.createClient(vertx, new RedisOptions().setConnectionString(url)
                            .setMaxPoolSize(32).setMaxPoolWaiting(1024)
                            .setNetClientOptions(new NetClientOptions().setConnectTimeout(
                                    (int) config.rateLimit().redisTimeout().toMillis())));
                    // connect now, not on the first request: a first command that has to connect can take longer than
                    // the command timeout and send this instance to counting in memory for a while
                    client.connect().onSuccess(RedisConnection::close)
                            .onFailure(failure -> LOG.warnf("Redis is not reachable yet: %s", failure.toString()));
                    return new FailoverCounters(new RedisCounters(RedisAPI.api(client)), config.rateLimit().redisTimeout(),
                            FAILOVER_PAUSE);
                })
                .orElseGet(() -> {
                    LOG.info("rate limits are counted in memory: correct for one gateway instance only");
                    return new MemoryCounters();
                });
    }
}
