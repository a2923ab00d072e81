package dev.slotwise.commons.pg;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;
import io.vertx.pgclient.PgConnectOptions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs a drain function whenever it is woken: in this process ({@link #wake}, {@link #wakeIn}), by PostgreSQL
 * notifying a channel ({@code LISTEN}, reconnecting by itself; optional), and on a polling backstop for missed
 * wake-ups and work that falls due later. Never two runs at once: a wake-up during a run makes exactly one more run
 * after it. A failed run only logs; the next wake-up tries again.
 */
public final class NotifiedLoop {

    private static final Logger LOG = Logger.getLogger(NotifiedLoop.class);

    private final String name;
    private final Vertx vertx;
    private final PgConnectOptions listenOptions;
    private final String channel;
    private final Duration pollInterval;
    private final Supplier<Uni<Void>> drain;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private volatile boolean stopped;
    private PgSubscriber subscriber;
    private long timer = -1;

    public NotifiedLoop(String name, Vertx vertx, PgConnectOptions listenOptions, String channel,
            Duration pollInterval, Supplier<Uni<Void>> drain) {
        this.name = name;
        this.vertx = vertx;
        this.listenOptions = listenOptions;
        this.channel = channel;
        this.pollInterval = pollInterval;
        this.drain = drain;
    }

    /** A loop woken in this process and by its polling backstop only, without a {@code LISTEN} connection. */
    public NotifiedLoop(String name, Vertx vertx, Duration pollInterval, Supplier<Uni<Void>> drain) {
        this(name, vertx, null, null, pollInterval, drain);
    }

    /**
     * Options for a connection of one's own (the LISTEN connection, or a small pool beside the datasource's) from a
     * Quarkus reactive datasource URL and its credentials.
     */
    public static PgConnectOptions connectOptions(String reactiveUrl, String username, String password) {
        return PgConnectOptions.fromUri(reactiveUrl.replaceFirst("^vertx-reactive:", ""))
                .setUser(username).setPassword(password);
    }

    public void start() {
        if (channel != null) {
            subscriber = PgSubscriber.subscriber(vertx, listenOptions).reconnectPolicy(retries -> 1_000L);
            subscriber.channel(channel).handler(payload -> wake()).subscribeHandler(this::wake);
            subscriber.connect().subscribe().with(ok -> wake(),
                    failure -> LOG.warnf("%s: LISTEN %s not connected yet (%s); polling until it is", name, channel,
                            failure.getMessage()));
        } else {
            wake();
        }
        timer = vertx.setPeriodic(pollInterval.toMillis(), id -> wake());
    }

    /** No run starts after this (one under way finishes); wake-ups are ignored from now on. */
    public void stop() {
        stopped = true;
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        if (subscriber != null) {
            subscriber.closeAndForget();
        }
    }

    /**
     * After {@link #stop}: waits (blocking; never on an event loop) until the run under way, if any, has finished;
     * {@code false} if it has not within {@code atMost}.
     */
    public boolean awaitIdle(Duration atMost) {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (running.get()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Runs the drain now, or once more right after the run in progress; nothing once stopped. */
    public void wake() {
        if (stopped) {
            return;
        }
        if (!running.compareAndSet(false, true)) {
            again.set(true);
            return;
        }
        drain.get().subscribe().with(ignored -> finished(), failure -> {
            LOG.warnf("%s paused until the next wake-up: %s", name, failure.getMessage());
            finished();
        });
    }

    /** Runs the drain after {@code delay} (and at any wake-up before). */
    public void wakeIn(Duration delay) {
        vertx.setTimer(Math.max(1, delay.toMillis()), id -> wake());
    }

    private void finished() {
        running.set(false);
        if (again.getAndSet(false)) {
            wake();
        }
    }
}
