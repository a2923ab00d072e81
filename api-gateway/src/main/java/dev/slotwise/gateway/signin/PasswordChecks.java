package dev.slotwise.gateway.signin;

import io.quarkus.elytron.security.common.BcryptUtil;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Where bcrypt runs: every password check and hash of the gateway, on a few threads of their own, never on an event
 * loop and never on the worker pool that blocking requests share. bcrypt costs about a quarter of a second of CPU by
 * design; on the process that proxies every tenant's API, guesses must not be able to take more of it than this:
 * half the cores (at least one thread), and at most {@link #QUEUED} checks waiting. Beyond that a check is refused at
 * once ({@link Saturated}: the caller answers 429 with {@code Retry-After}) rather than queued behind minutes of work.
 */
@Singleton
public class PasswordChecks {

    /** bcrypt's cost for every tenant user's password (Quarkus' Elytron implementation): about 250 ms a check. */
    public static final int BCRYPT_COST = 12;
    /** How many checks run at once: half the cores, at least one. */
    public static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    static final int QUEUED = 64;
    /** What a refused check asks the client to wait: the queue drains in a few seconds. */
    public static final long RETRY_AFTER_SECONDS = 5;

    /** All password threads are busy and {@link #QUEUED} checks wait: nothing was checked. */
    public static final class Saturated extends RuntimeException {
        Saturated() {
            super("password checks are saturated", null, false, false);
        }
    }

    private final ThreadPoolExecutor executor = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(QUEUED), new Named(), new ThreadPoolExecutor.AbortPolicy());

    /**
     * Runs the work on a password thread; its result is delivered on the caller's Vert.x context (the request's event
     * loop), or fails with {@link Saturated} when the threads and the queue are full.
     */
    public <T> Uni<T> run(Supplier<T> work) {
        Context caller = Vertx.currentContext();
        return Uni.createFrom().emitter(emitter -> {
            try {
                executor.execute(() -> {
                    T result;
                    try {
                        result = work.get();
                    } catch (RuntimeException | Error e) {
                        onContext(caller, () -> emitter.fail(e));
                        return;
                    }
                    onContext(caller, () -> emitter.complete(result));
                });
            } catch (RejectedExecutionException full) {
                emitter.fail(new Saturated());
            }
        });
    }

    /** A new bcrypt hash of the password; call it through {@link #run}. */
    public static String hash(String password) {
        return BcryptUtil.bcryptHash(password, BCRYPT_COST);
    }

    private static void onContext(Context context, Runnable action) {
        if (context == null) {
            action.run();
        } else {
            context.runOnContext(ignored -> action.run());
        }
    }

    @PreDestroy
    void stop() {
        executor.shutdownNow();
    }

    private static final class Named implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable runnable) {
            Thread thread = new Thread(runnable, "password-check-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }
}
