package dev.slotwise.gateway.ratelimit;

import io.vertx.core.Future;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.util.List;

/**
 * Counters in Redis, shared by every gateway instance: one atomic script adds to the key and, when that created it,
 * sets its expiry, so N instances together never count a request twice or lose one, and no counter
 * outlives its window.
 */
final class RedisCounters implements Counters {

    private static final String ADD_WITH_EXPIRY = """
            local count = redis.call('INCRBY', KEYS[1], ARGV[2])
            if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            return count""";

    private final RedisAPI redis;

    RedisCounters(RedisAPI redis) {
        this.redis = redis;
    }

    @Override
    public Future<Long> add(String key, long amount, Duration ttl) {
        return redis.eval(List.of(ADD_WITH_EXPIRY, "1", key, String.valueOf(ttl.toMillis()), String.valueOf(amount)))
                .map(Response::toLong);
    }

    @Override
    public Future<Long> current(String key) {
        return redis.get(key).map(value -> value == null ? 0L : value.toLong());
    }
}
