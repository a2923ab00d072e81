package dev.slotwise.gateway.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counters of one gateway instance. Keys name their window, so an entry is only needed until its window ends: every
 * entry expires two hours after its first increment, longer than any window.
 */
final class MemoryCounters implements Counters {

    private final Cache<String, AtomicLong> counts = Caffeine.newBuilder()
            .expireAfterWrite(2, TimeUnit.HOURS).maximumSize(1_000_000).build();

    @Override
    public Future<Long> add(String key, long amount, Duration ttl) {
        return Future.succeededFuture(counts.get(key, k -> new AtomicLong()).addAndGet(amount));
    }

    @Override
    public Future<Claim> claim(String key, long limit, BlockSize size, Duration ttl) {
        return Future.succeededFuture(claim(counts.get(key, k -> new AtomicLong()), limit, size));
    }

    static Claim claim(AtomicLong count, long limit, BlockSize size) {
        while (true) {
            long before = count.get();
            long granted = size.of(limit - before);
            if (granted == 0) {
                return Claim.refused(before);
            }
            if (count.compareAndSet(before, before + granted)) {
                return new Claim(before + granted, granted);
            }
        }
    }

    @Override
    public Future<Long> current(String key) {
        AtomicLong count = counts.getIfPresent(key);
        return Future.succeededFuture(count == null ? 0L : count.get());
    }
}
