package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.stack.HostileRequests.Hostile;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 14: thousands of hostile requests across every public route, through the packaged stack: none is a 5xx,
 * every refusal is a problem document with {@code code} and {@code requestId}, and no resource count of either
 * tenant moves except by what was answered 2xx. Seeded: {@code -Dslotwise.fuzz.seed=…} replays a run, and a
 * failure names the seed and the request.
 */
@ExtendWith(SharedStack.class)
@Timeout(900)
class FuzzIT {

    private static final long SEED = Long.getLong("slotwise.fuzz.seed", 20261123L);
    private static final int REQUESTS = Integer.getInteger("slotwise.fuzz.requests", 6000);
    private static final int CLIENTS = 4;
    private static final List<String> COLLECTIONS = List.of("customers", "services", "staff", "products",
            "appointments", "transactions", "payments", "reviews", "campaigns", "webhook-endpoints");
    /** Every scope there is: the fuzz reaches every route's own checks, never stopping at the scope. */
    private static final String[] ALL_SCOPES = Scopes.ALL.toArray(String[]::new);
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void hostileRequestsAreRefusedWithProblemsAndChangeNothing() throws Exception {
        String keyA = createKey(createTenant("Fuzz A", "Europe/Berlin", "enterprise"), ALL_SCOPES).get("key").asText();
        String keyB = createKey(createTenant("Fuzz B", "UTC", "enterprise"), ALL_SCOPES).get("key").asText();
        HostileRequests.Ids a = things(keyA);
        HostileRequests.Ids b = things(keyB);
        Map<String, Integer> beforeA = counts(keyA);
        Map<String, Integer> beforeB = counts(keyB);
        Map<Path, Long> logsBefore = logSizes();

        Queue<String> failures = new ConcurrentLinkedQueue<>();
        Map<String, AtomicInteger> createdByA = new ConcurrentHashMap<>();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        Queue<String> refusedAtTheDoor = new ConcurrentLinkedQueue<>();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int client = 0; client < CLIENTS; client++) {
                long seed = SEED * 31 + client;
                running.add(clients.submit(() -> {
                    HostileRequests requests = new HostileRequests(seed, a, b);
                    for (int i = 0; i < REQUESTS / CLIENTS; i++) {
                        Hostile hostile = requests.next();
                        String where = "seed " + seed + " #" + i + ": " + hostile;
                        try {
                            HttpResponse<String> answer = send(hostile, keyA);
                            statuses.computeIfAbsent(answer.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                            if (answer.statusCode() == 401 || answer.statusCode() == 429) {
                                refusedAtTheDoor.add(answer.statusCode() + " " + hostile.mutation() + " " + hostile.method()
                                        + " " + hostile.path());
                            }
                            String problem = problemOf(answer);
                            if (problem != null) {
                                failures.add(problem + " — " + where);
                            } else if (answer.statusCode() / 100 == 2 && hostile.creates() != null
                                    && hostile.method().equals("POST")
                                    && answer.headers().firstValue("Idempotent-Replayed").isEmpty()) {
                                createdByA.computeIfAbsent(hostile.creates(), c -> new AtomicInteger()).incrementAndGet();
                            }
                        } catch (Exception e) {
                            failures.add("no answer (" + e + ") — " + where);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : running) {
                client.get();
            }
        } finally {
            clients.shutdownNow();
        }

        System.out.printf("fuzz: %d requests, seed %d, statuses %s%n", REQUESTS, SEED, new TreeMap<>(statuses));
        refusedAtTheDoor.forEach(line -> System.out.println("fuzz: refused at the door: " + line));
        assertThat(failures).as("requests answered wrongly (of %d; statuses %s)", REQUESTS, new TreeMap<>(statuses))
                .isEmpty();
        Map<String, Integer> expectedA = new TreeMap<>(beforeA);
        createdByA.forEach((collection, count) -> expectedA.merge(collection, count.get(), Integer::sum));
        // a sale pays: each created transaction adds its payment
        expectedA.merge("payments", createdByA.getOrDefault("transactions", new AtomicInteger()).get(), Integer::sum);
        assertThat(counts(keyA)).as("tenant A's counts (2xx creates: %s)", createdByA).isEqualTo(expectedA);
        assertThat(counts(keyB)).as("tenant B's counts: another tenant's requests never touch them").isEqualTo(beforeB);
        assertThat(statuses.keySet()).as("the fuzz reached validation, not only the door").contains(422, 404);
        // a client's mistake is no server error in any service's log either
        assertThat(errorLinesSince(logsBefore)).as("ERROR lines the fuzz caused in the services' logs").isEmpty();
    }

    /**
     * Issue 34, what the fuzzer still got through, on every route it concerns: a body that is not exactly one UTF-8
     * JSON value (a second value after it, UTF-16, a byte order mark) is 400 on every create and patch; a timestamp
     * given as a string of epoch seconds is 422 naming the field; an action that takes no body refuses one (422
     * naming the field); a control character in a header is a problem document with a request id. Nothing changes.
     */
    @Test
    void whatTheFuzzerGotThroughIsRefusedAndChangesNothing() throws Exception {
        String key = createKey(createTenant("Leftovers", "UTC", "enterprise"), ALL_SCOPES).get("key").asText();
        HostileRequests.Ids ids = things(key);
        HostileRequests bodies = new HostileRequests(SEED, ids, ids);
        Map<String, Integer> before = counts(key);
        Map<Path, Long> logsBefore = logSizes();
        List<String> wrong = new ArrayList<>();

        Map<String, String> creates = new TreeMap<>();
        for (String collection : List.of("customers", "services", "staff", "products", "appointments", "transactions",
                "reviews", "campaigns", "webhook-endpoints")) {
            creates.put(pathOf(collection), bodies.validCreate(collection).toString());
        }
        Map<String, String> patches = new TreeMap<>(Map.of(
                "/api/v1/customers/" + ids.customer(), HostileRequests.validPatch("customers").toString(),
                "/api/v1/services/" + ids.service(), HostileRequests.validPatch("services").toString(),
                "/api/v1/staff/" + ids.staff(), HostileRequests.validPatch("staff").toString(),
                "/api/v1/appointments/" + ids.appointment(), HostileRequests.validPatch("appointments").toString(),
                "/api/webhook-endpoints/" + ids.endpoint(), HostileRequests.validPatch("webhook-endpoints").toString()));
        for (Map.Entry<String, String> route : concat(creates, patches).entrySet()) {
            String method = creates.containsKey(route.getKey()) ? "POST" : "PATCH";
            String valid = route.getValue();
            for (String second : List.of("{}", valid, " []", "x", "null")) {
                expect(wrong, send(method, route.getKey(), key, (valid + second).getBytes(StandardCharsets.UTF_8)),
                        400, "malformed_request", null, method + " " + route.getKey() + " + " + second);
            }
            for (byte[] encoded : List.of(valid.getBytes(StandardCharsets.UTF_16LE), valid.getBytes(StandardCharsets.UTF_16),
                    ("\uFEFF" + valid).getBytes(StandardCharsets.UTF_8))) {
                expect(wrong, send(method, route.getKey(), key, encoded), 400, "malformed_request", null,
                        method + " " + route.getKey() + " in another encoding");
            }
        }

        for (String epoch : HostileRequests.EPOCH_STRINGS) {
            com.fasterxml.jackson.databind.node.ObjectNode booking = bodies.validCreate("appointments").put("startsAt", epoch);
            expect(wrong, send("POST", "/api/v1/appointments", key, bytes(booking.toString())), 422, "validation_failed",
                    "startsAt", "booking at " + epoch);
            expect(wrong, send("PATCH", "/api/v1/appointments/" + ids.appointment(), key,
                    bytes("{\"startsAt\":\"" + epoch + "\"}")), 422, "validation_failed", "startsAt", "reschedule to " + epoch);
            expect(wrong, send("POST", "/api/webhook-endpoints/" + ids.endpoint() + "/recover", key,
                    bytes("{\"since\":\"" + java.time.Instant.now().minusSeconds(3600) + "\",\"until\":\"" + epoch + "\"}")),
                    422, "validation_failed", "until", "recover until " + epoch);
        }

        for (String action : List.of("/api/v1/appointments/" + ids.appointment() + "/complete",
                "/api/v1/staff/" + ids.staff() + "/check-in", "/api/v1/staff/" + ids.staff() + "/check-out",
                "/api/v1/transactions/" + ids.transaction() + "/refund", "/api/v1/campaigns/" + ids.campaign() + "/send",
                "/api/webhook-endpoints/" + ids.endpoint() + "/ping", "/api/webhook-endpoints/" + ids.endpoint() + "/rotate-secret",
                "/api/webhook-endpoints/" + ids.endpoint() + "/deliveries/" + java.util.UUID.randomUUID() + "/replay")) {
            expect(wrong, send("POST", action, key, bytes("{\"force\":true}")), 422, "validation_failed", "force", action);
            expect(wrong, send("POST", action, key, bytes("[]")), 400, "malformed_request", null, action + " []");
        }

        java.net.URL gateway = URI.create(SharedStack.stack().gatewayUrl()).toURL();
        for (String header : List.of("Content-Type: application/json\u0001", "Content-Type: application/\u001bjson",
                "Idempotency-Key: a\u0000b", "Idempotency-Key: key\u007f")) {
            String body = bodies.validCreate("customers").toString();
            dev.slotwise.testing.RawHttp.Answer answer = dev.slotwise.testing.RawHttp.exchange(gateway, "POST /api/v1/customers "
                    + "HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer " + key + "\r\n" + header + "\r\n"
                    + (header.startsWith("Content-Type") ? "" : "Content-Type: application/json\r\n")
                    + "Content-Length: " + bytes(body).length + "\r\n\r\n" + body, Duration.ofSeconds(5));
            String problem = rawProblemOf(answer.text(), 400, "malformed_request");
            if (problem != null) {
                wrong.add(problem + " — " + header.replaceAll("\\p{Cntrl}", "<ctl>"));
            }
        }

        assertThat(wrong).as("answers that are not the refusal issue 34 asks for").isEmpty();
        assertThat(counts(key)).as("nothing was created").isEqualTo(before);
        assertThat(call("GET", "/api/v1/appointments/" + ids.appointment(), key, null).body().get("status").asText())
                .isEqualTo("booked");
        assertThat(errorLinesSince(logsBefore)).as("ERROR lines these requests caused").isEmpty();
    }

    private static String pathOf(String collection) {
        return collection.equals("webhook-endpoints") ? "/api/webhook-endpoints" : "/api/v1/" + collection;
    }

    private static Map<String, String> concat(Map<String, String> one, Map<String, String> other) {
        Map<String, String> both = new TreeMap<>(one);
        both.putAll(other);
        return both;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> send(String method, String path, String key, byte[] body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(SharedStack.stack().gatewayUrl() + path))
                .timeout(Duration.ofSeconds(20)).header("Authorization", "Bearer " + key)
                .header("Content-Type", method.equals("PATCH") ? "application/merge-patch+json" : "application/json")
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Records what is wrong with an answer that should be a problem of this status and code (naming this field). */
    private static void expect(List<String> wrong, HttpResponse<String> answer, int status, String code, String field,
            String what) {
        String problem = problemOf(answer);
        try {
            JsonNode body = answer.body().isEmpty() ? JSON.missingNode() : JSON.readTree(answer.body());
            if (problem != null || answer.statusCode() != status || !code.equals(body.path("code").asText())
                    || field != null && !body.path("errors").findValuesAsText("field").contains(field)) {
                wrong.add(what + ": " + answer.statusCode() + " " + answer.body());
            }
        } catch (IOException e) {
            wrong.add(what + ": " + answer.statusCode() + " " + answer.body());
        }
    }

    /** What is wrong with a raw answer that should be a problem document of this status and code, or null. */
    private static String rawProblemOf(String answer, int status, String code) {
        int headEnd = answer.indexOf("\r\n\r\n");
        if (!answer.startsWith("HTTP/1.1 " + status + " ") || headEnd < 0) {
            return "not a " + status + ": " + answer;
        }
        String head = answer.substring(0, headEnd).toLowerCase(java.util.Locale.ROOT);
        String requestId = head.lines().filter(line -> line.startsWith("x-request-id: ")).findFirst()
                .map(line -> line.substring("x-request-id: ".length()).trim()).orElse(null);
        String body = answer.substring(headEnd + 4);
        if (!head.contains("content-type: application/problem+json") || requestId == null
                || !body.contains("\"requestId\":\"" + requestId + "\"") || !body.contains("\"code\":\"" + code + "\"")) {
            return "no problem document with a request id: " + answer;
        }
        return null;
    }

    private static Map<Path, Long> logSizes() throws IOException {
        Map<Path, Long> sizes = new TreeMap<>();
        try (Stream<Path> logs = Files.list(SharedStack.stack().dataDir().resolve("logs"))) {
            for (Path log : logs.filter(p -> !p.getFileName().toString().startsWith("kafka")).toList()) {
                sizes.put(log, Files.size(log));
            }
        }
        return sizes;
    }

    private static List<String> errorLinesSince(Map<Path, Long> before) throws IOException {
        List<String> errors = new ArrayList<>();
        for (Map.Entry<Path, Long> log : before.entrySet()) {
            try (RandomAccessFile file = new RandomAccessFile(log.getKey().toFile(), "r")) {
                file.seek(log.getValue());
                byte[] appended = new byte[(int) Math.min(file.length() - log.getValue(), 50_000_000)];
                file.readFully(appended);
                new String(appended, StandardCharsets.UTF_8).lines().filter(JsonLogs::isError)
                        .map(line -> log.getKey().getFileName() + ": " + line).limit(20).forEach(errors::add);
            }
        }
        return errors;
    }

    /** What is wrong with an answer, or null: never a 5xx; a refusal is a problem with code and requestId. */
    private static String problemOf(HttpResponse<String> answer) {
        int status = answer.statusCode();
        if (status >= 500) {
            return status + " " + answer.body();
        }
        if (status < 400) {
            return null;
        }
        String type = answer.headers().firstValue("Content-Type").orElse("");
        if (!type.startsWith("application/problem+json")) {
            return status + " without a problem document (" + type + "): " + answer.body();
        }
        try {
            JsonNode body = JSON.readTree(answer.body());
            String requestId = answer.headers().firstValue("X-Request-Id").orElse(null);
            if (!body.path("code").isTextual() || body.path("code").asText().isEmpty()
                    || !body.path("requestId").asText("").equals(requestId) || body.path("status").asInt() != status) {
                return status + " with an incomplete problem: " + answer.body();
            }
        } catch (Exception e) {
            return status + " with a body that is no JSON: " + answer.body();
        }
        return null;
    }

    private static HttpResponse<String> send(Hostile hostile, String key) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(SharedStack.stack().gatewayUrl() + hostile.path()))
                .timeout(Duration.ofSeconds(20))
                .method(hostile.method(), hostile.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(hostile.body()));
        if (!hostile.headers().containsKey("Authorization")) {
            request.header("Authorization", "Bearer " + key);
        }
        hostile.headers().forEach(request::header);
        if (hostile.contentType() != null) {
            request.header("Content-Type", hostile.contentType());
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** One of everything, so that the requests can aim at real ids. */
    private static HostileRequests.Ids things(String key) throws Exception {
        StackApi.Salon salon = StackApi.salon(key);
        String appointment = created(call("POST", "/api/v1/appointments", key, """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"2031-06-01T09:00:00Z"}"""
                .formatted(salon.customer(), salon.service(), salon.staff())));
        String transaction = created(call("POST", "/api/v1/transactions", key, """
                {"customerId":"%s","items":[{"type":"product","refId":"%s","quantity":1}],
                 "payments":[{"method":"cash","amount":{"amount":500,"currency":"EUR"}}]}"""
                .formatted(salon.customer(), salon.product())));
        String campaign = created(call("POST", "/api/v1/campaigns", key,
                "{\"name\":\"Spring\",\"channel\":\"email\",\"message\":\"Hello\"}"));
        String endpoint = created(call("POST", "/api/webhook-endpoints", key,
                "{\"url\":\"http://127.0.0.1:9/fuzz\",\"events\":[\"customer.created\"]}"));
        return new HostileRequests.Ids(salon.customer(), salon.service(), salon.staff(), salon.product(), appointment,
                transaction, campaign, endpoint);
    }

    /** How many of each the tenant has, every page read. */
    private static Map<String, Integer> counts(String key) throws Exception {
        Map<String, Integer> counts = new TreeMap<>();
        for (String collection : COLLECTIONS) {
            String base = collection.equals("webhook-endpoints") ? "/api/webhook-endpoints" : "/api/v1/" + collection;
            int count = 0;
            String cursor = null;
            do {
                StackApi.Answer page = call("GET", base + "?limit=100" + (cursor == null ? "" : "&cursor=" + cursor), key, null);
                assertThat(page.status()).as(base).isEqualTo(200);
                count += page.body().get("data").size();
                JsonNode next = page.body().get("nextCursor");
                cursor = next == null || next.isNull() ? null : next.asText();
            } while (cursor != null);
            counts.put(collection, count);
        }
        return counts;
    }
}
