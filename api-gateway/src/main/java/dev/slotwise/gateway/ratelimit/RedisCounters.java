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

    /** KEYS[1] the counter; ARGV ttl in ms, limit, share, max: {count after, granted}, as {@link BlockSize#of}. */
    private static final String CLAIM = """
            local count = tonumber(redis.call('GET', KEYS[1]) or '0')
            local left = tonumber(ARGV[2]) - count
            if left <= 0 then return {count, 0} end
            local granted = math.min(left, math.max(1, math.min(tonumber(ARGV[4]), math.floor(left / tonumber(ARGV[3])))))
            local after = redis.call('INCRBY', KEYS[1], granted)
            if after == granted then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            return {after, granted}""";

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
    public Future<Claim> claim(String key, long limit, BlockSize size, Duration ttl) {
        return redis.eval(List.of(CLAIM, "1", key, String.valueOf(ttl.toMillis()), String.valueOf(limit),
                        String.valueOf(size.share()), String.valueOf(size.max())))
                .map(answer -> new Claim(answer.get(0).toLong(), answer.get(1).toLong()));
    }

    @Override
    public Future<Long> current(String key) {
        return redis.get(key).map(value -> value == null ? 0L : value.toLong());
    }
}
