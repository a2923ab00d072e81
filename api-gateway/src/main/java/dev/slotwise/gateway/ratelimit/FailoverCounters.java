package dev.slotwise.gateway.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import java.util.concurrent.TimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.jboss.logging.Logger;

/**
 * Shared counters (Redis) that stay exact while the store is merely slow, and keep the API up through an outage.
 *
 * <p>Every count is made in the shared store, whose answer is awaited up to the command timeout: a store or a gateway
 * that pauses (a GC, a loaded machine, a busy Redis) makes requests wait, never count elsewhere, so N replicas never
 * admit more than the quota (CONTRACT §6). Before issue 34 an answer later than 250 ms sent a replica to a fresh counter
 * in its memory for 5 s, with the store healthy, and two replicas admitted 101 of 100; later, counting a late answer's
 * request in memory while the store stayed in charge admitted 101 as well: any count taken elsewhere than in the
 * store can be stale. Only an outage ends the waiting: the store refusing or dropping the connection, or not answering
 * within the command timeout (seconds: silence that long is an outage by any measure).
 *
 * <p>While the store is out, this instance counts on from the last count the store told it for each key, and keeps
 * what it counted. It asks the store again after a pause (in the background: no request waits for it); once the store
 * answers, what was counted meanwhile is added to it, so that the window's count there is whole again, and counting is
 * shared once more. During an outage N replicas together may admit more than a quota (each enforces it on its own,
 * from where it last saw the shared count); that is the stated trade-off of failing open (docs/decisions/README.md).
 */
final class FailoverCounters implements Counters {

    private static final Logger LOG = Logger.getLogger(FailoverCounters.class);

    private final Counters shared;
    private final long timeoutMillis;
    private final long pauseNanos;
    private final LongSupplier nanoTime;
    /** The last count the shared store answered for each key: where counting on in memory starts. */
    private final Cache<String, Long> lastShared = Caffeine.newBuilder()
            .expireAfterWrite(2, TimeUnit.HOURS).maximumSize(1_000_000).build();
    /** What this instance counted while the store was out, not yet added to it. */
    private final Map<String, Uncounted> uncounted = new ConcurrentHashMap<>();
    private final AtomicBoolean reconciling = new AtomicBoolean();
    private volatile boolean out;
    private volatile long askAgainAt;

    /** Counted in memory, to be added to the store: how much, with which expiry, and until when it still matters. */
    private record Uncounted(long count, Duration ttl, long expiresAt) {
    }

    FailoverCounters(Counters shared, Duration commandTimeout, Duration pause) {
        this(shared, commandTimeout, pause, System::nanoTime);
    }

    FailoverCounters(Counters shared, Duration commandTimeout, Duration pause, LongSupplier nanoTime) {
        this.shared = shared;
        this.timeoutMillis = commandTimeout.toMillis();
        this.pauseNanos = pause.toNanos();
        this.nanoTime = nanoTime;
    }

    @Override
    public Future<Long> add(String key, long amount, Duration ttl) {
        reconcileWhenDue();
        if (out) {
            return Future.succeededFuture(countLocally(key, amount, ttl));
        }
        return shared.add(key, amount, ttl).timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .map(count -> answered(key, count))
                .recover(failure -> {
                    failed(failure);
                    return Future.succeededFuture(countLocally(key, amount, ttl));
                });
    }

    @Override
    public Future<Claim> claim(String key, long limit, BlockSize size, Duration ttl) {
        reconcileWhenDue();
        if (out) {
            return Future.succeededFuture(claimLocally(key, limit, size, ttl));
        }
        return shared.claim(key, limit, size, ttl).timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .map(claim -> {
                    answered(key, claim.count());
                    return claim;
                })
                .recover(failure -> {
                    failed(failure);
                    return Future.succeededFuture(claimLocally(key, limit, size, ttl));
                });
    }

    /**
     * Only to the shared store, and only while it answers: a give-back counted here would be added to the store
     * later, a second time if the store had applied it before its answer was lost, and lower the count below what was
     * used. One that fails or times out is dropped; those counts stay used this window (the safe direction).
     */
    @Override
    public Future<Void> giveBack(String key, long amount, Duration ttl) {
        if (out) {
            return Future.succeededFuture();
        }
        return shared.add(key, -amount, ttl).timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .<Void>mapEmpty()
                .recover(failure -> {
                    LOG.debugf("%d unused counts not given back (they stay used): %s", amount, failure.toString());
                    return Future.succeededFuture();
                });
    }

    @Override
    public Future<Long> current(String key) {
        reconcileWhenDue();
        if (out) {
            return Future.succeededFuture(localCount(key));
        }
        return shared.current(key).timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .map(count -> answered(key, count))
                .recover(failure -> {
                    failed(failure);
                    return Future.succeededFuture(localCount(key));
                });
    }

    /** Whether this instance counts in its own memory now (for tests and logs). */
    boolean countingLocally() {
        return out;
    }

    private long answered(String key, long count) {
        lastShared.put(key, count);
        return count;
    }

    /** A command that failed: the connection refused or lost, or no answer within the command timeout: an outage. */
    private void failed(Throwable failure) {
        askAgainAt = nanoTime.getAsLong() + pauseNanos;
        if (!out) {
            out = true;
            LOG.errorf("the rate limit store is out (%s): counting in this instance's memory until it answers again",
                    failure instanceof TimeoutException ? "no answer within " + timeoutMillis + " ms" : failure.toString());
        }
    }

    private long countLocally(String key, long amount, Duration ttl) {
        long expiresAt = nanoTime.getAsLong() + ttl.toNanos();
        Uncounted now = uncounted.merge(key, new Uncounted(amount, ttl, expiresAt),
                (before, added) -> new Uncounted(before.count() + added.count(), before.ttl(), before.expiresAt()));
        return lastShared.asMap().getOrDefault(key, 0L) + now.count();
    }

    /** A claim while the store is out: from the last shared count and what was counted here since, as the store would. */
    private Claim claimLocally(String key, long limit, BlockSize size, Duration ttl) {
        long[] claimed = new long[2];
        long expiresAt = nanoTime.getAsLong() + ttl.toNanos();
        uncounted.compute(key, (k, before) -> {
            long counted = before == null ? 0 : before.count();
            long count = lastShared.asMap().getOrDefault(key, 0L) + counted;
            long granted = size.of(limit - count);
            claimed[0] = count + granted;
            claimed[1] = granted;
            if (granted == 0) {
                return before;
            }
            return before == null ? new Uncounted(granted, ttl, expiresAt)
                    : new Uncounted(counted + granted, before.ttl(), before.expiresAt());
        });
        return new Claim(claimed[0], claimed[1]);
    }

    private long localCount(String key) {
        Uncounted counted = uncounted.get(key);
        return lastShared.asMap().getOrDefault(key, 0L) + (counted == null ? 0 : counted.count());
    }

    /**
     * When the store is out, or something counted here during an outage is still to be added to it, and the pause is
     * over: one attempt at a time, add it to the store, then share again.
     */
    private void reconcileWhenDue() {
        if (!out && uncounted.isEmpty() || nanoTime.getAsLong() - askAgainAt < 0 || !reconciling.compareAndSet(false, true)) {
            return;
        }
        reconcile().onComplete(done -> {
            reconciling.set(false);
            if (done.succeeded()) {
                if (out) {
                    out = false;
                    LOG.info("the rate limit store answers again: counting is shared by every gateway instance again");
                }
                reconcileWhenDue(); // what was counted here while this batch was being added
            } else {
                askAgainAt = nanoTime.getAsLong() + pauseNanos;
                LOG.debugf("the rate limit store is still out: %s", done.cause().toString());
            }
        });
    }

    /** Adds every key's uncounted requests to the store; each key's share is taken off only once the store has it. */
    private Future<Void> reconcile() {
        long now = nanoTime.getAsLong();
        List<Future<Long>> added = new ArrayList<>();
        for (Map.Entry<String, Uncounted> entry : Map.copyOf(uncounted).entrySet()) {
            String key = entry.getKey();
            Uncounted counted = entry.getValue();
            if (counted.expiresAt() - now <= 0) {
                uncounted.remove(key, counted); // its window is over: nothing to add it to
                continue;
            }
            added.add(shared.add(key, counted.count(), counted.ttl()).timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                    .map(count -> {
                        uncounted.computeIfPresent(key, (k, current) -> current.count() == counted.count() ? null
                                : new Uncounted(current.count() - counted.count(), current.ttl(), current.expiresAt()));
                        lastShared.put(key, count);
                        return count;
                    }));
        }
        if (added.isEmpty()) {
            // nothing to add: ask the store whether it answers at all
            return shared.current("slotwise:ping").timeout(timeoutMillis, TimeUnit.MILLISECONDS).mapEmpty();
        }
        return Future.all(added).mapEmpty();
    }
}
