import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The webhook dispatcher measured as a tenant sees it, through a running stack (bench/dispatcher.sh starts one):
 *
 * <ol>
 *   <li>Latency: customers created through the API at a steady rate; for each, the time from the API's 201 to the
 *       {@code customer.created} webhook reaching a fast local receiver (p50, p99, max).
 *   <li>Throughput: a burst of events fanned out to many endpoints of the same receiver; deliveries per second
 *       while the backlog lasts (first to last arrival).
 * </ol>
 *
 * JDK only, so it runs as a source file: {@code java bench/DispatcherBench.java <gateway> <api-key> [rate] [seconds]
 * [endpoints] [burst events]}.
 */
public class DispatcherBench {

    private static final Pattern CUSTOMER_ID = Pattern.compile("\"id\"\\s*:\\s*\"(cus_[^\"]+)\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .executor(Executors.newFixedThreadPool(8)).build();

    private final String gateway;
    private final String apiKey;
    private final Map<String, Long> created = new ConcurrentHashMap<>();
    private final Map<String, Long> arrived = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Long> burstArrivals = new ConcurrentLinkedQueue<>();
    private volatile boolean burst;

    DispatcherBench(String gateway, String apiKey) {
        this.gateway = gateway;
        this.apiKey = apiKey;
    }

    public static void main(String[] args) throws Exception {
        String gateway = args[0];
        String apiKey = args[1];
        int rate = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 30;
        int endpoints = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        int burstEvents = args.length > 5 ? Integer.parseInt(args[5]) : 1000;
        new DispatcherBench(gateway, apiKey).run(rate, seconds, endpoints, burstEvents);
    }

    void run(int rate, int seconds, int endpoints, int burstEvents) throws Exception {
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        receiver.setExecutor(Executors.newFixedThreadPool(32));
        receiver.createContext("/", exchange -> {
            long now = System.nanoTime();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (burst) {
                burstArrivals.add(now);
            } else {
                Matcher id = CUSTOMER_ID.matcher(body);
                if (id.find()) {
                    arrived.putIfAbsent(id.group(1), now);
                }
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        String base = "http://127.0.0.1:" + receiver.getAddress().getPort();
        try {
            String latencyEndpoint = register(base + "/latency");
            latency(rate, seconds);
            delete(latencyEndpoint);
            List<String> fanOut = new ArrayList<>();
            for (int i = 0; i < endpoints; i++) {
                fanOut.add(register(base + "/fan-out/" + i));
            }
            throughput(endpoints, burstEvents);
            for (String endpoint : fanOut) {
                delete(endpoint);
            }
        } finally {
            receiver.stop(0);
            System.exit(0);
        }
    }

    private void latency(int rate, int seconds) throws InterruptedException {
        int total = rate * seconds;
        AtomicInteger sent = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        long periodNanos = 1_000_000_000L / rate;
        ticker.scheduleAtFixedRate(() -> {
            if (sent.getAndIncrement() >= total) {
                return;
            }
            HTTP.sendAsync(createCustomer(), HttpResponse.BodyHandlers.ofString()).whenComplete((response, failure) -> {
                long now = System.nanoTime();
                if (failure == null && response.statusCode() == 201) {
                    Matcher id = CUSTOMER_ID.matcher(response.body());
                    if (id.find()) {
                        created.put(id.group(1), now);
                        return;
                    }
                }
                refused.incrementAndGet();
            });
        }, 0, periodNanos, TimeUnit.NANOSECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds + 30L);
        while ((sent.get() < total || arrived.size() < created.size()) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        ticker.shutdownNow();
        List<Double> millis = new ArrayList<>();
        created.forEach((id, at) -> {
            Long arrival = arrived.get(id);
            if (arrival != null) {
                millis.add(Math.max(0, arrival - at) / 1e6);
            }
        });
        Collections.sort(millis);
        System.out.printf("latency: %d events at %d/s for %d s; %d created (%d refused), %d delivered%n",
                total, rate, seconds, created.size(), refused.get(), millis.size());
        System.out.printf("latency: 201 -> webhook  p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                percentile(millis, 0.50), percentile(millis, 0.99), millis.isEmpty() ? 0 : millis.get(millis.size() - 1));
    }

    private void throughput(int endpoints, int events) throws InterruptedException {
        burst = true;
        int expected = endpoints * events;
        AtomicInteger done = new AtomicInteger();
        for (int i = 0; i < events; i++) {
            HTTP.sendAsync(createCustomer(), HttpResponse.BodyHandlers.discarding())
                    .whenComplete((response, failure) -> done.incrementAndGet());
            if (i % 50 == 49) {
                while (i + 1 - done.get() > 200) {
                    Thread.sleep(1); // at most 200 API requests in flight
                }
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (burstArrivals.size() < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        List<Long> arrivals = new ArrayList<>(burstArrivals);
        Collections.sort(arrivals);
        double seconds = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e9;
        System.out.printf("throughput: %d events x %d endpoints = %d deliveries expected, %d arrived in %.2f s: %.0f deliveries/s%n",
                events, endpoints, expected, arrivals.size(), seconds, arrivals.size() / seconds);
    }

    private HttpRequest createCustomer() {
        return request("/api/v1/customers").POST(HttpRequest.BodyPublishers.ofString(
                "{\"firstName\":\"Bench\",\"lastName\":\"Mark\"}")).build();
    }

    private String register(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(request("/api/webhook-endpoints").POST(HttpRequest.BodyPublishers.ofString(
                "{\"url\":\"" + url + "\",\"events\":[\"customer.created\"]}")).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
            throw new IllegalStateException("registering " + url + ": " + response.statusCode() + " " + response.body());
        }
        Matcher id = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
        id.find();
        return id.group(1);
    }

    private void delete(String endpoint) throws IOException, InterruptedException {
        HTTP.send(request("/api/webhook-endpoints/" + endpoint).DELETE().build(), HttpResponse.BodyHandlers.discarding());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + apiKey).header("Content-Type", "application/json");
    }

    private static double percentile(List<Double> sorted, double quantile) {
        if (sorted.isEmpty()) {
            return 0;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(quantile * sorted.size()) - 1));
    }
}
