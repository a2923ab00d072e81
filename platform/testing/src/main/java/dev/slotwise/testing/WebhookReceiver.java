package dev.slotwise.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * A tenant's webhook receiver as a real HTTP server on loopback: records every request (headers and raw body) and
 * answers with the scripted statuses, then 200 — after a delay, when one is set (a slow or hanging receiver).
 * Requests are served concurrently.
 */
public final class WebhookReceiver implements AutoCloseable {

    public record Received(Map<String, String> headers, String body, Instant at) {
        public String header(String name) {
            return headers.get(name);
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Deque<Integer> scripted = new ArrayDeque<>();
    private final ExecutorService handlers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "webhook-receiver");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Duration delay = Duration.ZERO;

    private WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
            received.add(new Received(headers, new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8),
                    Instant.now()));
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                exchange.close();
                return;
            }
            int status;
            synchronized (scripted) {
                status = scripted.isEmpty() ? 200 : scripted.poll();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.setExecutor(handlers);
        server.start();
    }

    public static WebhookReceiver start() {
        try {
            return new WebhookReceiver();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next answers, in order (after them: 200). */
    public WebhookReceiver answer(Integer... statuses) {
        synchronized (scripted) {
            scripted.addAll(List.of(statuses));
        }
        return this;
    }

    /** Every answer from now on comes after this long (requests are recorded on arrival). */
    public WebhookReceiver delay(Duration delay) {
        this.delay = delay;
        return this;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public List<Received> all() {
        return List.copyOf(received);
    }

    /** Waits until {@code count} requests match, then answers them. */
    public List<Received> await(Predicate<Received> matches, int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Received> matching = received.stream().filter(matches).toList();
            if (matching.size() >= count) {
                return matching;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("expected " + count + " matching webhook(s) within " + timeout + ", got "
                + received.stream().filter(matches).count() + " of " + received.size());
    }

    @Override
    public void close() {
        handlers.shutdownNow();
        server.stop(0);
    }
}
