package dev.slotwise.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.slotwise.testing.WebhookSignatures;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

/**
 * {@code ./slotwise webhooks listen [--events a,b] [--forward-to URL] [--key swk_…]}, like {@code stripe listen}:
 * registers a temporary webhook endpoint on this machine for the demo tenant (or the key's), prints every event as it
 * arrives with its signatures checked, optionally forwards it to a local URL (the receiver's answer is the answer
 * Slotwise gets, so its retries can be watched), and removes the endpoint on Ctrl-C.
 */
public final class WebhooksListen {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** CONTRACT §7's event types. */
    static final List<String> EVENTS = List.of("appointment.created", "appointment.updated", "appointment.cancelled",
            "appointment.completed", "appointment.no_show", "appointment.reminder_due", "customer.created",
            "customer.updated", "payment.received", "payment.refunded", "transaction.completed", "transaction.refunded",
            "staff.checkin", "staff.checkout", "stock.low", "campaign.sent", "ping");

    /** What a receiver reads of a delivery (User-Agent is java.net.http's own). */
    private static final List<String> FORWARDED_HEADERS = List.of("Content-Type", "X-Slotwise-Event",
            "X-Slotwise-Delivery", "X-Slotwise-Signature", "webhook-id", "webhook-timestamp", "webhook-signature");

    private final String gateway;
    private final String key;
    private final List<String> events;
    private final URI forwardTo;
    private final PrintStream out;
    private String secret;

    private WebhooksListen(String gateway, String key, List<String> events, URI forwardTo, PrintStream out) {
        this.gateway = gateway;
        this.key = key;
        this.events = events;
        this.forwardTo = forwardTo;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("slotwise.home", ".")).toAbsolutePath().normalize();
        Path dataDir = Path.of(System.getenv().getOrDefault("SLOTWISE_DATA_DIR", home.resolve(".slotwise").toString()));
        List<String> events = EVENTS;
        URI forwardTo = null;
        String key = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--events" -> events = List.of(require(args[i], value).split(","));
                case "--forward-to" -> forwardTo = URI.create(require(args[i], value));
                case "--key" -> key = require(args[i], value);
                default -> {
                    System.err.println("unknown option " + args[i]
                            + "; usage: ./slotwise webhooks listen [--events a,b] [--forward-to URL] [--key swk_…]");
                    System.exit(2);
                }
            }
            i++;
        }
        JsonNode stack = new StackCommands(dataDir, System.out).running().orElse(null);
        if (stack == null) {
            System.err.println("No stack is running from " + dataDir + " (start one with ./slotwise up).");
            System.exit(3);
            return;
        }
        Path demoKey = dataDir.resolve("secrets/demo-api-key");
        if (key == null && !Files.exists(demoKey)) {
            System.err.println("No demo tenant in " + dataDir + "; give a key with webhooks.write: --key swk_…");
            System.exit(2);
        }
        String bearer = key != null ? key : Files.readString(demoKey).trim();
        new WebhooksListen(stack.path("gateway").asText(), bearer, events, forwardTo, System.out).run();
    }

    private static String require(String option, String value) {
        if (value == null) {
            System.err.println(option + " needs a value");
            System.exit(2);
        }
        return value;
    }

    private void run() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/webhooks", this::receive);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/webhooks";
        HttpResponse<String> created = call("POST", "/api/webhook-endpoints",
                JSON.writeValueAsString(Map.of("url", url, "events", events)));
        if (created.statusCode() != 201) {
            out.println("Could not register the endpoint: " + created.statusCode() + " " + created.body());
            server.stop(0);
            System.exit(1);
        }
        JsonNode endpoint = JSON.readTree(created.body());
        String endpointId = endpoint.path("id").asText();
        secret = endpoint.path("secret").asText();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                int status = call("DELETE", "/api/webhook-endpoints/" + endpointId, null).statusCode();
                out.println(status == 204 || status == 404 ? "Removed the endpoint " + endpointId + "."
                        : "Could not remove the endpoint " + endpointId + " (" + status + "); delete it yourself.");
            } catch (Exception e) {
                out.println("Could not remove the endpoint " + endpointId + ": " + e.getMessage());
            }
            server.stop(0);
            stopped.countDown();
        }, "webhooks-listen-stop"));
        // one write, so that whoever waits for "Ready." also finds the endpoint and its secret
        out.print("Ready. Listening on " + url + " for " + String.join(", ", events) + System.lineSeparator()
                + "  endpoint " + endpointId + ", signing secret " + secret + " (this session only)"
                + (forwardTo == null ? "" : "; forwarding to " + forwardTo) + System.lineSeparator()
                + "  Ctrl-C removes the endpoint and stops." + System.lineSeparator());
        out.flush();
        stopped.await();
    }

    private void receive(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        var headers = exchange.getRequestHeaders();
        String verdict;
        try {
            boolean slotwise = WebhookSignatures.slotwiseValid(secret, body, headers.getFirst("X-Slotwise-Signature"));
            boolean standard = WebhookSignatures.standardValid(secret, headers.getFirst("webhook-id"),
                    headers.getFirst("webhook-timestamp"), body, headers.getFirst("webhook-signature"));
            verdict = slotwise && standard ? "signature verified" : "SIGNATURE INVALID";
        } catch (Exception e) {
            verdict = "SIGNATURE INVALID (" + e.getMessage() + ")";
        }
        int status = 200;
        String forwarded = "";
        if (forwardTo != null) {
            status = forward(headers, body);
            forwarded = " → " + forwardTo + " " + (status == 502 ? "unreachable" : String.valueOf(status));
        }
        synchronized (out) {
            out.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + "  " + headers.getFirst("X-Slotwise-Event")
                    + "  delivery " + headers.getFirst("X-Slotwise-Delivery") + "  " + verdict + forwarded);
            out.println("  " + body);
            out.flush();
        }
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    /** The same request to the local URL; its status (502 when it cannot be reached). */
    private int forward(com.sun.net.httpserver.Headers headers, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(forwardTo).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (String name : FORWARDED_HEADERS) {
            String value = headers.getFirst(name);
            if (value != null) {
                request.header(name, value);
            }
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 502;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 502;
        }
    }

    private HttpResponse<String> call(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + key)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
