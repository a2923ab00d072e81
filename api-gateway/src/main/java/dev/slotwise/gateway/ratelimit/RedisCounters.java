package dev.slotwise.gateway.ratelimit;

import io.vertx.core.Future;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.util.List;

/**
 * Counters in Redis, shared by every gateway instance: one atomic script increments the key and, on its first
 * increment, sets its expiry, so N instances together never count a request twice or lose one, and no counter
 * outlives its window.
 */
final class RedisCounters implements Counters {

    private static final String INCREMENT_WITH_EXPIRY = """
            local count = redis.call('INCR', KEYS[1])
            if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            return count""";

    private final RedisAPI redis;

    RedisCounters(RedisAPI redis) {
        this.redis = redis;
    }

    @Override
    public Future<Long> increment(String key, Duration ttl) {
        return redis.eval(List.of(INCREMENT_WITH_EXPIRY, "1", key, String.valueOf(ttl.toMillis())))
                .map(Response::toLong);
    }

    @Override
    public Future<Long> current(String key) {
        return redis.get(key).map(value -> value == null ? 0L : value.toLong());
    }
}
