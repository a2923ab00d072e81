package dev.slotwise.gateway;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real HTTP server on loopback standing where a service would: it records the last request, echoes its body, and
 * answers with the status a service would (201 for a create, 200 otherwise), or the status a request asks for in
 * {@code X-Echo-Status}.
 */
public final class EchoUpstream {

    public record Seen(String method, String uri, Map<String, String> headers, String body) {
    }

    private static EchoUpstream instance;
    private final HttpServer server;
    private final AtomicReference<Seen> last = new AtomicReference<>();
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    private EchoUpstream() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
            last.set(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(), headers,
                    new String(body, StandardCharsets.UTF_8)));
            requests.computeIfAbsent(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath(),
                    request -> new AtomicInteger()).incrementAndGet();
            String marker = headers.get("X-Test-Marker");
            if (marker != null) {
                hits.computeIfAbsent(marker, m -> new AtomicInteger()).incrementAndGet();
            }
            String delay = headers.get("X-Echo-Delay-Ms");
            if (delay != null) {
                try {
                    Thread.sleep(Long.parseLong(delay));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("X-Upstream", "echo");
            exchange.getResponseHeaders().add("X-Echo-Uri", exchange.getRequestURI().toString());
            // X-Echo-Raw: the request body is the answer (a test that needs a resource stored as a service answers it)
            byte[] answer = headers.containsKey("X-Echo-Raw") ? body
                    : ("{\"echo\":" + (body.length == 0 ? "null" : new String(body, StandardCharsets.UTF_8)) + "}")
                    .getBytes(StandardCharsets.UTF_8);
            String status = headers.get("X-Echo-Status");
            if ("204".equals(status)) {
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
                return;
            }
            exchange.sendResponseHeaders(status != null ? Integer.parseInt(status)
                    : isCreate(exchange.getRequestMethod(), exchange.getRequestURI().getPath()) ? 201 : 200,
                    answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(16));
        server.start();
    }

    /**
     * Answered 201 as a service answers a create (CONTRACT §2): a {@code POST} to a collection, {@code /api/v1/customers}
     * or {@code /api/webhook-endpoints}. A {@code POST} deeper down is an action ({@code …/{id}/send}) and, as §5 has
     * it, answered 200.
     */
    static boolean isCreate(String method, String path) {
        String[] segments = path.replaceAll("^/+|/+$", "").split("/+");
        return method.equals("POST") && (segments.length == 3 && segments[1].equals("v1")
                || segments.length == 2 && segments[0].equals("api"));
    }

    public static synchronized EchoUpstream get() {
        if (instance == null) {
            try {
                instance = new EchoUpstream();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** How many requests carried {@code X-Test-Marker: marker}: how often a service would have acted on it. */
    public int hits(String marker) {
        AtomicInteger count = hits.get(marker);
        return count == null ? 0 : count.get();
    }

    /** How many requests of this method reached this path: whether a service was called at all. */
    public int requests(String method, String path) {
        AtomicInteger count = requests.get(method + " " + path);
        return count == null ? 0 : count.get();
    }

    public Seen last() {
        return last.get();
    }
}
