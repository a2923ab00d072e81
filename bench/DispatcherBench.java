import com.sun.net.httpserver.HttpServer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
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
 * [endpoints] [burst events]}. With {@code BENCH_TRACE=<file>}, each latency event's creation time (s) and latency
 * (ms, -1 when it never arrived) go to that file, to see whether the slow ones cluster in time.
 */
public class DispatcherBench {

    private static final Pattern CUSTOMER_ID = Pattern.compile("\"id\"\\s*:\\s*\"(cus_[^\"]+)\"");
    private static final String CUSTOMER = "{\"firstName\":\"Bench\",\"lastName\":\"Mark\"}";
    private static final int CLIENTS = 16;

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
        // handled on the server's own thread: the handler never blocks, and a hand-off to a pool per request cost
        // more CPU than the handling, on the same two cores as the stack under test
        receiver.setExecutor(null);
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

    /** Seconds at the rate before the measured ones: this client's own JIT warms up meanwhile (it shares the machine). */
    private static final int SETTLE_SECONDS = 5;

    private void latency(int rate, int seconds) throws Exception {
        int total = rate * (SETTLE_SECONDS + seconds);
        long periodNanos = 1_000_000_000L / rate;
        long start = System.nanoTime() + periodNanos;
        long counted = start + TimeUnit.SECONDS.toNanos(SETTLE_SECONDS);
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        BlockingQueue<Long> tickets = new LinkedBlockingQueue<>();
        List<Thread> clients = clients(CLIENTS, api -> {
            while (true) {
                long due = tickets.take();
                Response response = api.send("POST", "/api/v1/customers", CUSTOMER);
                long now = System.nanoTime();
                Matcher id = response.status() == 201 ? CUSTOMER_ID.matcher(response.body()) : null;
                if (id != null && id.find()) {
                    if (due >= counted) {
                        created.put(id.group(1), now);
                    }
                } else {
                    refused.incrementAndGet();
                }
                answered.incrementAndGet();
            }
        });
        for (int i = 0; i < total; i++) {
            long due = start + i * periodNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            tickets.add(due);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((answered.get() < total || !arrived.keySet().containsAll(created.keySet()))
                && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        clients.forEach(Thread::interrupt);
        List<Double> millis = new ArrayList<>();
        created.forEach((id, at) -> {
            Long arrival = arrived.get(id);
            if (arrival != null) {
                millis.add(Math.max(0, arrival - at) / 1e6);
            }
        });
        String trace = System.getenv("BENCH_TRACE");
        if (trace != null) { // each event's latency by when it was created, to see whether slow ones cluster
            List<String> lines = new ArrayList<>();
            created.forEach((id, at) -> {
                Long arrival = arrived.get(id);
                lines.add(String.format("%.3f %.1f", (at - counted) / 1e9, arrival == null ? -1 : (arrival - at) / 1e6));
            });
            Collections.sort(lines, Comparator.comparingDouble(line -> Double.parseDouble(line.split(" ")[0])));
            Files.write(Path.of(trace), lines);
        }
        Collections.sort(millis);
        System.out.printf("latency: %d events at %d/s for %d s after %d s of ramp-up; %d created (%d refused), %d delivered%n",
                rate * seconds, rate, seconds, SETTLE_SECONDS, created.size(), refused.get(), millis.size());
        System.out.printf("latency: 201 -> webhook  p50 %.1f ms  p99 %.1f ms  max %.1f ms%n",
                percentile(millis, 0.50), percentile(millis, 0.99), millis.isEmpty() ? 0 : millis.get(millis.size() - 1));
    }

    private void throughput(int endpoints, int events) throws Exception {
        Thread.sleep(2_000); // the last latency deliveries are in
        burst = true;
        int expected = endpoints * events;
        AtomicInteger remaining = new AtomicInteger(events);
        List<Thread> clients = clients(CLIENTS, api -> {
            while (remaining.getAndDecrement() > 0) {
                api.send("POST", "/api/v1/customers", CUSTOMER);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (burstArrivals.size() < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        clients.forEach(Thread::interrupt);
        List<Long> arrivals = new ArrayList<>(burstArrivals);
        Collections.sort(arrivals);
        double seconds = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e9;
        System.out.printf("throughput: %d events x %d endpoints = %d deliveries expected, %d arrived in %.2f s: %.0f deliveries/s%n",
                events, endpoints, expected, arrivals.size(), seconds, arrivals.size() / seconds);
    }

    interface ClientLoop {
        void run(Api api) throws Exception;
    }

    /** Client threads, each with its own keep-alive connection to the gateway (cheaper than any client library). */
    private List<Thread> clients(int count, ClientLoop loop) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Thread thread = new Thread(() -> {
                try (Api api = new Api(gateway, apiKey)) {
                    loop.run(api);
                } catch (InterruptedException stopped) {
                    // done
                } catch (Exception e) {
                    if (!Thread.currentThread().isInterrupted()) {
                        e.printStackTrace();
                    }
                }
            });
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    private String register(String url) throws IOException {
        try (Api api = new Api(gateway, apiKey)) {
            Response response = api.send("POST", "/api/webhook-endpoints",
                    "{\"url\":\"" + url + "\",\"events\":[\"customer.created\"]}");
            if (response.status() != 201) {
                throw new IllegalStateException("registering " + url + ": " + response.status() + " " + response.body());
            }
            Matcher id = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
            id.find();
            return id.group(1);
        }
    }

    private void delete(String endpoint) throws IOException {
        try (Api api = new Api(gateway, apiKey)) {
            api.send("DELETE", "/api/webhook-endpoints/" + endpoint, null);
        }
    }

    record Response(int status, String body) {
    }

    /** HTTP/1.1 over one keep-alive socket: Content-Length or chunked answers. */
    static final class Api implements AutoCloseable {
        private final String host;
        private final String authorization;
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;

        Api(String base, String apiKey) throws IOException {
            URI uri = URI.create(base);
            this.host = uri.getHost() + ":" + uri.getPort();
            this.authorization = "Bearer " + apiKey;
            this.socket = new Socket(uri.getHost(), uri.getPort());
            socket.setTcpNoDelay(true);
            this.out = new BufferedOutputStream(socket.getOutputStream());
            this.in = new BufferedInputStream(socket.getInputStream());
        }

        Response send(String method, String path, String body) throws IOException {
            byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: " + authorization
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + payload.length + "\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(payload);
            out.flush();
            String status = line();
            int length = -1;
            boolean chunked = false;
            for (String header = line(); !header.isEmpty(); header = line()) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(lower.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                }
            }
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            if (chunked) {
                for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
                    content.write(in.readNBytes(size));
                    line();
                }
                line();
            } else if (length > 0) {
                content.write(in.readNBytes(length));
            }
            return new Response(Integer.parseInt(status.split(" ")[1]), content.toString(StandardCharsets.UTF_8));
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new EOFException("connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static double percentile(List<Double> sorted, double quantile) {
        if (sorted.isEmpty()) {
            return 0;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(quantile * sorted.size()) - 1));
    }
}
