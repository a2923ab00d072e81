package dev.slotwise.gateway.ratelimit;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Counts requests against quotas kept in a shared store without a store round trip per request: an instance claims a
 * block of counts at once ({@link BlockSize}: many while much is left, one each near the limit) and hands them out
 * from memory. The store never grants past the limit, so N instances together still never admit more than the quota
 * (CONTRACT §6); what leasing costs is the other way round, bounded: counts claimed by one instance and not yet used can
 * refuse another instance's request early. Unused counts go back to the store once they have been held for
 * {@code hold} (and when the instance stops), so such an early refusal is at most one block per other instance and
 * lasts at most a hold and a half (the sweep runs every half hold). docs/decisions/0028-quota-counts-leased-in-blocks.md
 * has the bounds.
 *
 * <p>Requests arriving while a claim is on its way wait for it rather than send their own; each resumes on its own
 * event loop.
 */
final class QuotaLeases {

    private final Counters store;
    private final BlockSize size;
    private final long holdNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Lease> leases = new ConcurrentHashMap<>();

    QuotaLeases(Counters store, BlockSize size, Duration hold, LongSupplier nanoTime) {
        this.store = store;
        this.size = size;
        this.holdNanos = hold.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Counts held by this instance, per key, and the claim on its way, if any. Guarded by itself. */
    private static final class Lease {
        long next = 1;
        long last;
        long claimedAt;
        Duration ttl;
        Future<Claim> claiming;
        boolean retired;
    }

    /**
     * Counts one request: answers its place in the window's count, beyond {@code limit} when the quota is used up.
     * {@code ttl} as for {@link Counters#claim}.
     */
    Future<Long> take(String key, long limit, Duration ttl) {
        if (size.max() == 1) { // nothing to hold: each request is one claim
            return store.claim(key, limit, size, ttl).map(claim -> claim.granted() == 0 ? claim.count() + 1 : claim.count());
        }
        while (true) {
            Lease lease = leases.computeIfAbsent(key, k -> new Lease());
            Future<Claim> claiming;
            synchronized (lease) {
                if (lease.retired) {
                    continue; // given back and dropped just now: a fresh one
                }
                if (lease.next <= lease.last) {
                    return Future.succeededFuture(lease.next++);
                }
                claiming = lease.claiming;
                if (claiming == null) {
                    // completes once the block is installed (claimed() clears the field under this lock first), so
                    // whoever finds the field set under the lock finds a claim still on its way
                    claiming = store.claim(key, limit, size, ttl).andThen(done -> claimed(lease, ttl, done.result()));
                    lease.claiming = claiming.isComplete() ? null : claiming; // the store may answer at once
                }
            }
            return onCallersContext(claiming).compose(
                    claim -> claim.granted() == 0 ? Future.succeededFuture(claim.count() + 1) : take(key, limit, ttl));
        }
    }

    private void claimed(Lease lease, Duration ttl, Claim claim) {
        synchronized (lease) {
            lease.claiming = null;
            if (claim != null && claim.granted() > 0) {
                lease.next = claim.count() - claim.granted() + 1;
                lease.last = claim.count();
                lease.claimedAt = nanoTime.getAsLong();
                lease.ttl = ttl;
            }
        }
    }

    /**
     * Gives back to the store the counts held for longer than {@code hold} ({@code all}: every count held, as when the
     * instance stops), and forgets leases with nothing left. Answers when the store has them back.
     */
    Future<Void> giveBack(boolean all) {
        long now = nanoTime.getAsLong();
        List<Future<?>> given = new ArrayList<>();
        List<Future<Claim>> onItsWay = new ArrayList<>();
        leases.forEach((key, lease) -> {
            long unused;
            Duration ttl;
            synchronized (lease) {
                if (lease.claiming != null) {
                    if (all) { // stopping: the block on its way is given back too, once it is installed
                        onItsWay.add(lease.claiming);
                    }
                    return;
                }
                if (!all && now - lease.claimedAt < holdNanos) {
                    return;
                }
                unused = lease.last - lease.next + 1;
                ttl = lease.ttl;
                lease.next = lease.last + 1;
                lease.retired = true;
                leases.remove(key, lease);
            }
            if (unused > 0) {
                given.add(store.giveBack(key, unused, ttl));
            }
        });
        onItsWay.forEach(claiming -> given.add(claiming.transform(installed -> giveBack(true))));
        return Future.join(given).mapEmpty();
    }

    /** Counts this instance holds and has not used yet, over all keys (for tests). */
    long held() {
        long held = 0;
        for (Lease lease : leases.values()) {
            synchronized (lease) {
                held += lease.last - lease.next + 1;
            }
        }
        return held;
    }

    /** The future, its callbacks run on the event loop (or thread) of whoever asks, not on the one that completes it. */
    private static <T> Future<T> onCallersContext(Future<T> future) {
        Context caller = Vertx.currentContext();
        if (caller == null) {
            return future;
        }
        if (future.isComplete()) { // a copy bound to no context: the original would resume on the claimer's
            return future.succeeded() ? Future.succeededFuture(future.result()) : Future.failedFuture(future.cause());
        }
        Promise<T> resumed = Promise.promise();
        future.onComplete(done -> {
            if (Vertx.currentContext() == caller) {
                resumed.handle(done);
            } else {
                caller.runOnContext(ignored -> resumed.handle(done));
            }
        });
        return resumed.future();
    }
}
