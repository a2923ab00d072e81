package dev.slotwise.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./slotwise up}: starts the whole suite, seeds a demo tenant on the first run, prints the gateway URL, the
 * operator token (only when generated here), the demo tenant's API key and its user's e-mail and password, then runs
 * until Ctrl-C or SIGTERM, when it stops everything it started.
 */
public final class SlotwiseUp {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ALL_SCOPES = List.of("customers.read", "customers.write", "appointments.read",
            "appointments.write", "services.read", "services.write", "staff.read", "staff.write", "transactions.read",
            "transactions.write", "payments.read", "reviews.read", "reviews.write", "inventory.read",
            "inventory.write", "campaigns.read", "campaigns.write", "webhooks.write");

    private SlotwiseUp() {
    }

    public static void main(String[] args) throws Exception {
        // the console is for the launcher's own lines: java.util.logging's INFO chatter of the embedded servers stays off
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        Path home = Path.of(System.getProperty("slotwise.home", ".")).toAbsolutePath().normalize();
        Path dataDir = Path.of(System.getenv().getOrDefault("SLOTWISE_DATA_DIR", home.resolve(".slotwise").toString()));
        int httpPort = Integer.parseInt(System.getenv().getOrDefault("SLOTWISE_HTTP_PORT", "8080"));
        long started = System.nanoTime();
        CountDownLatch stopped = new CountDownLatch(1);
        LocalStack stack;
        try {
            stack = LocalStack.start(home, dataDir, httpPort, LocalStack.ALL_SERVICES, Map.of(),
                    line -> System.out.println("[slotwise] " + line));
        } catch (RuntimeException e) {
            System.err.println("[slotwise] could not start: " + e.getMessage());
            System.exit(1);
            return;
        }
        // a component that dies is started again, so that a crash never leaves half a stack
        Supervisor supervisor = Supervisor.start(stack, line -> System.out.println("[slotwise] " + line));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("[slotwise] stopping…");
            supervisor.close();
            stack.close();
            System.out.println("[slotwise] stopped");
            stopped.countDown();
        }, "slotwise-stop"));

        String demoKey = demoKey(stack);
        String[] demoUser = demoUser(stack);
        System.out.println();
        System.out.printf("Slotwise is ready in %d s: %s%n", (System.nanoTime() - started) / 1_000_000_000L, stack.gatewayUrl());
        if (stack.adminTokenGenerated()) {
            System.out.println("  operator token (SLOTWISE_ADMIN_TOKEN): " + stack.adminToken());
        } else {
            System.out.println("  operator token: the SLOTWISE_ADMIN_TOKEN you set");
        }
        System.out.println("  demo tenant API key (all scopes):      " + demoKey);
        System.out.println("  try: curl -H 'Authorization: Bearer " + demoKey + "' " + stack.gatewayUrl() + "/api/v1/customers");
        if (demoUser != null) {
            System.out.println("  tenant panel: " + stack.gatewayUrl() + "/panel   sign in as " + demoUser[0] + " / "
                    + demoUser[1]);
        }
        System.out.println("  stack.json: " + stack.dataDir().resolve("stack.json") + "   logs: " + stack.dataDir().resolve("logs"));
        stack.components().stream().filter(c -> c.name().equals("api-gateway")).findFirst().ifPresent(gateway ->
                System.out.println("  metrics (Prometheus): " + gateway.metricsUrl() + " — every service's is in stack.json (metricsUrl)"));
        System.out.println("  Ctrl-C stops everything.");
        stopped.await();
    }

    /**
     * The demo tenant's key: created on the first run with the tenant, its customers, services and staff, reused
     * afterwards.
     */
    private static String demoKey(LocalStack stack) throws IOException, InterruptedException {
        if (stack.secrets().has("demo-api-key")) {
            return stack.secrets().read("demo-api-key");
        }
        HttpClient http = HttpClient.newHttpClient();
        String admin = "Bearer " + stack.adminToken();
        JsonNode tenant = post(http, stack.gatewayUrl() + "/admin/v1/tenants", admin,
                Map.of("name", "Demo Salon", "plan", "pro", "timeZone", "Europe/Berlin"));
        JsonNode key = post(http, stack.gatewayUrl() + "/admin/v1/tenants/" + tenant.get("id").asText() + "/api-keys",
                admin, Map.of("name", "demo (all scopes)", "scopes", ALL_SCOPES));
        String demoKey = key.get("key").asText();
        String bearer = "Bearer " + demoKey;
        for (Map<String, Object> customer : List.of(
                Map.<String, Object>of("firstName", "Ada", "lastName", "Lovelace", "email", "ada@example.com", "marketingConsent", true),
                Map.<String, Object>of("firstName", "Grace", "lastName", "Hopper", "email", "grace@example.com", "phone", "+15555550100"),
                Map.<String, Object>of("firstName", "Alan", "lastName", "Turing", "email", "alan@example.com"))) {
            post(http, stack.gatewayUrl() + "/api/v1/customers", bearer, customer);
        }
        for (Map<String, Object> service : List.of(
                Map.<String, Object>of("name", "Haircut", "durationMinutes", 45, "price", Map.of("amount", 4500, "currency", "EUR")),
                Map.<String, Object>of("name", "Colour", "durationMinutes", 90, "price", Map.of("amount", 9000, "currency", "EUR")))) {
            post(http, stack.gatewayUrl() + "/api/v1/services", bearer, service);
        }
        // working hours, so that GET /api/v1/availability offers slots from the first run
        Map<String, List<String>> weekdays = Map.of("Mia", List.of("tuesday", "wednesday", "thursday", "friday",
                "saturday"), "Noah", List.of("monday", "tuesday", "wednesday", "thursday", "friday"));
        for (String name : List.of("Mia", "Noah")) {
            String staff = post(http, stack.gatewayUrl() + "/api/v1/staff", bearer, Map.of("name", name))
                    .get("id").asText();
            List<Map<String, String>> weekly = weekdays.get(name).stream()
                    .map(day -> Map.of("day", day, "start", "09:00", "end", "18:00")).toList();
            send(http, "PUT", stack.gatewayUrl() + "/api/v1/staff/" + staff + "/working-hours", bearer,
                    Map.of("weekly", weekly), 200);
        }
        stack.secrets().write("demo-tenant-id", tenant.get("id").asText());
        stack.secrets().write("demo-api-key", demoKey);
        return demoKey;
    }

    static final String DEMO_USER_EMAIL = "owner@demo-salon.example";

    /**
     * The demo tenant's user, who signs in to the panel and approves OAuth applications: created once with a generated
     * password, kept with the stack's other secrets. Null for a data directory from before the tenant's id was kept.
     */
    private static String[] demoUser(LocalStack stack) throws IOException, InterruptedException {
        if (stack.secrets().has("demo-user-password")) {
            return new String[] {DEMO_USER_EMAIL, stack.secrets().read("demo-user-password")};
        }
        if (!stack.secrets().has("demo-tenant-id")) {
            return null;
        }
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        post(HttpClient.newHttpClient(), stack.gatewayUrl() + "/admin/v1/tenants/" + stack.secrets().read("demo-tenant-id")
                + "/users", "Bearer " + stack.adminToken(), Map.of("email", DEMO_USER_EMAIL, "password", password));
        stack.secrets().write("demo-user-password", password);
        return new String[] {DEMO_USER_EMAIL, password};
    }

    private static JsonNode post(HttpClient http, String url, String authorization, Object body)
            throws IOException, InterruptedException {
        return send(http, "POST", url, authorization, body, 201);
    }

    private static JsonNode send(HttpClient http, String method, String url, String authorization, Object body,
                                 int expected) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException("seeding demo data failed: " + method + " " + url + " → "
                    + response.statusCode());
        }
        return JSON.readTree(response.body());
    }
}
