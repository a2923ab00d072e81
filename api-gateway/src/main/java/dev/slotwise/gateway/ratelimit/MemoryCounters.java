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
    public Future<Long> current(String key) {
        AtomicLong count = counts.getIfPresent(key);
        return Future.succeededFuture(count == null ? 0L : count.get());
    }
}
