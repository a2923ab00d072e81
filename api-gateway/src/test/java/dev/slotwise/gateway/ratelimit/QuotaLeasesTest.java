package dev.slotwise.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.impl.VertxInternal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Leased quota counts (issue 42): two instances claiming blocks from one shared store (here the in-memory store, the
 * Redis one is GatewayReplicasIT's) never admit more than the limit, admit all of it when asked for more, give back what
 * they held too long, and send one claim for many requests.
 */
class QuotaLeasesTest {

    private static final Duration TTL = Duration.ofHours(1);
    private static final Duration HOLD = Duration.ofSeconds(1);
    private static final BlockSize BLOCKS = new BlockSize(16, 100);

    private final MemoryCounters store = new MemoryCounters();
    private final AtomicLong clock = new AtomicLong();

    private QuotaLeases instance(Counters counters) {
        return new QuotaLeases(counters, BLOCKS, HOLD, clock::get);
    }

    private static long take(QuotaLeases leases, long limit) {
        return leases.take("tenant", limit, TTL).toCompletionStage().toCompletableFuture().join();
    }

    private long stored() {
        return store.current("tenant").result();
    }

    @Test
    void twoInstancesTakingAtOnceAdmitExactlyTheLimitAndNeverMore() throws Exception {
        QuotaLeases one = instance(store);
        QuotaLeases other = instance(store);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        AtomicInteger admitted = new AtomicInteger();
        List<java.util.concurrent.Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            QuotaLeases leases = i % 2 == 0 ? one : other;
            done.add(threads.submit(() -> {
                if (take(leases, 1000) <= 1000) {
                    admitted.incrementAndGet();
                }
            }));
        }
        for (java.util.concurrent.Future<?> each : done) {
            each.get(10, TimeUnit.SECONDS);
        }
        threads.shutdown();
        assertThat(admitted.get()).isEqualTo(1000);
        assertThat(stored()).isEqualTo(1000);
        assertThat(one.held() + other.held()).isZero();
    }

    @Test
    void eachRequestHasItsOwnPlaceInTheCountAndTheBlocksShrinkToOneNearTheLimit() {
        QuotaLeases leases = instance(store);
        assertThat(take(leases, 100)).isEqualTo(1);
        assertThat(stored()).as("a sixteenth of 100 claimed").isEqualTo(6);
        List<Long> places = new ArrayList<>();
        for (int i = 0; i < 99; i++) {
            places.add(take(leases, 100));
        }
        assertThat(places).startsWith(2L, 3L, 4L).endsWith(99L, 100L).doesNotHaveDuplicates();
        assertThat(take(leases, 100)).as("past the limit").isGreaterThan(100);
        assertThat(stored()).isEqualTo(100);
    }

    @Test
    void countsHeldLongerThanTheHoldGoBackSoTheOtherInstanceCanUseThem() {
        QuotaLeases one = instance(store);
        QuotaLeases other = instance(store);
        for (int i = 0; i < 3; i++) {
            take(one, 100);
        }
        assertThat(one.held()).isEqualTo(3);
        long admitted = 0;
        for (int i = 0; i < 120; i++) {
            admitted += take(other, 100) <= 100 ? 1 : 0;
        }
        assertThat(admitted).as("refused early by the 3 the first instance holds").isEqualTo(94);

        one.giveBack(false).toCompletionStage().toCompletableFuture().join();
        assertThat(one.held()).as("held less than the hold: kept").isEqualTo(3);
        clock.addAndGet(HOLD.toNanos());
        one.giveBack(false).toCompletionStage().toCompletableFuture().join();
        assertThat(one.held()).isZero();
        assertThat(stored()).isEqualTo(97);
        for (int i = 0; i < 10; i++) {
            admitted += take(other, 100) <= 100 ? 1 : 0;
        }
        assertThat(admitted + 3).as("the whole quota, none lost").isEqualTo(100);
    }

    @Test
    void stoppingGivesBackEverythingHeld() {
        QuotaLeases leases = instance(store);
        take(leases, 100_000);
        assertThat(stored()).isEqualTo(100);
        leases.giveBack(true).toCompletionStage().toCompletableFuture().join();
        assertThat(stored()).isEqualTo(1);
        assertThat(leases.held()).isZero();
    }

    /** A claim answered on one event loop: a request of another event loop that waited for it resumes on its own. */
    @Test
    void aRequestThatWaitedForAClaimResumesOnItsOwnEventLoop() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            // two event-loop contexts, as two requests on the gateway's two event loops have
            Context claimer = ((VertxInternal) vertx).createEventLoopContext();
            Context waiter = ((VertxInternal) vertx).createEventLoopContext();
            assertThat(claimer).isNotSameAs(waiter);
            Promise<Void> answer = Promise.promise();
            QuotaLeases leases = new QuotaLeases(slowStore(answer, new AtomicInteger()), BLOCKS, HOLD, clock::get);
            CompletableFuture<Context> resumedOn = new CompletableFuture<>();
            CompletableFuture<Void> claiming = new CompletableFuture<>();
            claimer.runOnContext(v -> {
                leases.take("tenant", 100_000, TTL);
                claiming.complete(null);
            });
            claiming.get(5, TimeUnit.SECONDS);
            CompletableFuture<Void> waiting = new CompletableFuture<>();
            waiter.runOnContext(v -> {
                leases.take("tenant", 100_000, TTL).onComplete(done -> resumedOn.complete(Vertx.currentContext()));
                waiting.complete(null);
            });
            waiting.get(5, TimeUnit.SECONDS);
            claimer.runOnContext(v -> answer.complete());
            assertThat(resumedOn.get(5, TimeUnit.SECONDS)).isSameAs(waiter);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void stoppingWhileAClaimIsOnItsWayGivesItsBlockBackOnceItIsHere() {
        Promise<Void> answer = Promise.promise();
        QuotaLeases leases = new QuotaLeases(slowStore(answer, new AtomicInteger()), BLOCKS, HOLD, clock::get);
        Future<Long> taken = leases.take("tenant", 100_000, TTL);
        Future<Void> stopped = leases.giveBack(true);
        assertThat(stopped.isComplete()).isFalse();
        answer.complete();
        assertThat(taken.result()).isEqualTo(1);
        assertThat(stopped.succeeded()).isTrue();
        assertThat(leases.held()).isZero();
        assertThat(stored()).as("the block of 100 claimed, 99 given back").isEqualTo(1);
    }

    /** The shared store, whose claims are answered once {@code answer} completes. */
    private Counters slowStore(Promise<Void> answer, AtomicInteger claims) {
        return new Counters() {
            @Override
            public Future<Long> add(String key, long amount, Duration ttl) {
                return store.add(key, amount, ttl);
            }

            @Override
            public Future<Claim> claim(String key, long limit, BlockSize size, Duration ttl) {
                claims.incrementAndGet();
                return answer.future().compose(ignored -> store.claim(key, limit, size, ttl));
            }

            @Override
            public Future<Long> current(String key) {
                return store.current(key);
            }
        };
    }

    @Test
    void requestsArrivingWhileAClaimIsOnItsWayShareIt() {
        AtomicInteger claims = new AtomicInteger();
        Promise<Void> answer = Promise.promise();
        Counters slow = slowStore(answer, claims);
        QuotaLeases leases = new QuotaLeases(slow, BLOCKS, HOLD, clock::get);
        List<Future<Long>> taken = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            taken.add(leases.take("tenant", 100_000, TTL));
        }
        assertThat(claims.get()).isEqualTo(1);
        assertThat(taken).noneMatch(Future::isComplete);
        answer.complete();
        assertThat(taken).allMatch(Future::succeeded);
        assertThat(taken.stream().map(Future::result)).doesNotHaveDuplicates().allMatch(place -> place >= 1 && place <= 100);
        assertThat(claims.get()).isEqualTo(1);
    }
}
