package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
import static dev.slotwise.stack.StackApi.assertDescribed;
import static dev.slotwise.stack.StackApi.assertProblem;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static dev.slotwise.stack.StackApi.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.stack.StackApi.Answer;
import dev.slotwise.testing.WebhookReceiver;
import dev.slotwise.testing.WebhookSignatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The suite across processes, as a client sees it: PostgreSQL, Kafka, the gateway, the domain services and the
 * dispatcher each run as their own process (as ./slotwise up runs them); the test talks HTTP to the gateway only.
 */
@ExtendWith(SharedStack.class)
class StackIT {

    /** The local stack runs PostgreSQL with its durable defaults, not the tests' fast settings (issue 23). */
    @Test
    void theStacksPostgresqlIsDurable() throws Exception {
        int port = SharedStack.port("postgresql");
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                "postgres", postgresPassword());
                var statement = connection.createStatement()) {
            for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
                try (var shown = statement.executeQuery("show " + setting)) {
                    shown.next();
                    assertThat(shown.getString(1)).as(setting).isEqualTo("on");
                }
            }
        }
    }

    /**
     * Deleting or updating a referenced row looks up its referencing rows by the foreign key column; without an
     * index that is a full scan per row (deleting an endpoint with n deliveries once took n full scans).
     */
    @Test
    void stackJsonNamesALiveProcessForEveryComponent() throws Exception {
        JsonNode stackJson = JSON.readTree(SharedStack.stack().dataDir().resolve("stack.json").toFile());
        List<String> names = new ArrayList<>();
        for (JsonNode component : stackJson.get("components")) {
            String name = component.get("name").asText();
            names.add(name);
            long pid = component.get("pid").asLong();
            assertThat(pid).as(name).isPositive();
            assertThat(ProcessHandle.of(pid)).as(name + " (pid " + pid + ")").hasValueSatisfying(p ->
                    assertThat(p.isAlive()).isTrue());
        }
        assertThat(names).contains("postgresql", "kafka", "api-gateway", "customer-service", "webhook-dispatcher");
    }

    @Test
    void theDataDirectoryAndTheSecretsAreTheOwnersAlone() throws Exception {
        Path data = SharedStack.stack().dataDir();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("secrets"))))
                .isEqualTo("rwx------");
        try (Stream<Path> secrets = Files.list(data.resolve("secrets"))) {
            assertThat(secrets.toList()).isNotEmpty().allSatisfy(secret ->
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)))
                            .as(secret.toString()).isEqualTo("rw-------"));
        }
    }

    @Test
    void everyForeignKeyInEveryServiceDatabaseHasAnIndex() throws Exception {
        int port = SharedStack.port("postgresql");
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/";
        List<String> unindexed = new ArrayList<>();
        List<String> databases = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url + "postgres", "postgres", postgresPassword());
                ResultSet rows = connection.createStatement().executeQuery(
                        "select datname from pg_database where not datistemplate and datname <> 'postgres'")) {
            while (rows.next()) {
                databases.add(rows.getString(1));
            }
        }
        assertThat(databases).contains("customers", "appointments", "catalog", "pos", "webhooks", "gateway");
        for (String database : databases) {
            try (Connection connection = DriverManager.getConnection(url + database, "postgres", postgresPassword());
                    ResultSet rows = connection.createStatement().executeQuery("""
                            select c.conrelid::regclass || '.' || a.attname
                              from pg_constraint c
                              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
                             where c.contype = 'f'
                               and not exists (select 1 from pg_index i
                                                where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])""")) {
                while (rows.next()) {
                    unindexed.add(database + ": " + rows.getString(1));
                }
            }
        }
        assertThat(unindexed).isEmpty();
    }

    @Test
    void aCustomerCreatedThroughTheGatewayArrivesAsASignedWebhook() throws Exception {
        String tenant = createTenant("Salon IT");
        String key = createKey(tenant, "customers.read", "customers.write", "webhooks.write").get("key").asText();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Answer endpoint = call("POST", "/api/webhook-endpoints", key,
                    "{\"url\":\"" + receiver.url("/slotwise") + "\",\"events\":[\"customer.created\"]}");
            assertThat(endpoint.status()).isEqualTo(201);
            String secret = endpoint.body().get("secret").asText();

            Answer created = call("POST", "/api/v1/customers", key,
                    "{\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"email\":\"ada@example.com\"}");
            assertThat(created.status()).isEqualTo(201);
            assertThat(created.header("Location")).isEqualTo("/api/v1/customers/" + created.body().get("id").asText());
            String customerId = created.body().get("id").asText();

            WebhookReceiver.Received hook = receiver.await(r -> r.body().contains(customerId), 1, Duration.ofSeconds(30)).get(0);
            assertDescribed(hook);
            JsonNode event = JSON.readTree(hook.body());
            assertThat(event.get("type").asText()).isEqualTo("customer.created");
            assertThat(event.get("data").get("email").asText()).isEqualTo("ada@example.com");
            assertThat(hook.header("X-Slotwise-Event")).isEqualTo("customer.created");
            assertThat(WebhookSignatures.slotwiseValid(secret, hook.body(), hook.header("X-Slotwise-Signature"))).isTrue();
            assertThat(WebhookSignatures.standardValid(secret, hook.header("webhook-id"), hook.header("webhook-timestamp"),
                    hook.body(), hook.header("webhook-signature"))).isTrue();

            Answer read = call("GET", "/api/v1/customers/" + customerId, key, null);
            assertThat(read.status()).isEqualTo(200);
            assertThat(read.body().get("firstName").asText()).isEqualTo("Ada");
        }
    }

    @Test
    void clientsGetProblemDetailsForEveryRefusal() throws Exception {
        String tenant = createTenant("Refusals");
        String key = createKey(tenant, "customers.read", "customers.write").get("key").asText();
        String readOnly = createKey(tenant, "customers.read").get("key").asText();

        Answer noKey = call("GET", "/api/v1/customers", null, null);
        assertProblem(noKey, 401, "unauthenticated");
        assertThat(noKey.header("WWW-Authenticate")).startsWith("Bearer");
        assertProblem(call("GET", "/api/v1/customers", "swk_" + "ab".repeat(32), null), 401, "unauthenticated");
        JsonNode toRevoke = createKey(tenant, "customers.read");
        assertThat(call("GET", "/api/v1/customers", toRevoke.get("key").asText(), null).status()).isEqualTo(200);
        assertThat(call("DELETE", "/admin/v1/tenants/" + tenant + "/api-keys/" + toRevoke.get("id").asText(),
                SharedStack.stack().adminToken(), null).status()).isEqualTo(204);
        assertProblem(call("GET", "/api/v1/customers", toRevoke.get("key").asText(), null), 401, "unauthenticated");

        Answer forbidden = call("POST", "/api/v1/customers", readOnly, "{\"firstName\":\"X\"}");
        assertProblem(forbidden, 403, "insufficient_scope");
        assertThat(forbidden.header("WWW-Authenticate")).contains("scope=\"customers.write\"");

        String otherTenant = createTenant("Other");
        String otherKey = createKey(otherTenant, "customers.read").get("key").asText();
        String mine = call("POST", "/api/v1/customers", key, "{\"firstName\":\"Mine\"}").body().get("id").asText();
        assertProblem(call("GET", "/api/v1/customers/" + mine, otherKey, null), 404, "not_found");

        assertProblem(call("POST", "/api/v1/customers", key, "{\"firstName\": "), 400, "malformed_request");
        Answer invalid = call("POST", "/api/v1/customers", key, "{\"firstName\":\"X\",\"email\":\"not-an-email\"}");
        assertProblem(invalid, 422, "validation_failed");
        assertThat(invalid.body().get("errors").get(0).get("field").asText()).isEqualTo("email");
    }

    @Test
    void aSalonsDayRunsThroughTheApiAndEveryStepArrivesAsASignedWebhook() throws Exception {
        String tenant = createTenant("Salon Day", "Europe/Berlin", "pro");
        String key = createKey(tenant, "customers.write", "services.write", "staff.read", "staff.write",
                "appointments.read", "appointments.write", "webhooks.write").get("key").asText();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Answer endpoint = call("POST", "/api/webhook-endpoints", key, "{\"url\":\"" + receiver.url("/day")
                    + "\",\"events\":[\"appointment.created\",\"appointment.updated\",\"appointment.cancelled\","
                    + "\"appointment.completed\",\"staff.checkin\",\"staff.checkout\"]}");
            String secret = endpoint.body().get("secret").asText();
            assertThat(endpoint.status()).isEqualTo(201);

            String haircut = created(call("POST", "/api/v1/services", key,
                    "{\"name\":\"Haircut\",\"durationMinutes\":45,\"price\":{\"amount\":4500,\"currency\":\"EUR\"}}"));
            String colour = created(call("POST", "/api/v1/services", key,
                    "{\"name\":\"Colour\",\"durationMinutes\":90,\"price\":{\"amount\":9000,\"currency\":\"EUR\"}}"));
            String mia = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Mia\"}"));
            String noah = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Noah\"}"));
            String[] customers = new String[3];
            for (int i = 0; i < 3; i++) {
                customers[i] = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Guest " + i + "\"}"));
            }
            assertThat(ok(call("POST", "/api/v1/staff/" + mia + "/check-in", key, null)).get("checkedIn").asBoolean()).isTrue();

            // 09:00, 10:00 and 11:00 in Berlin (UTC+1 in December)
            String first = created(call("POST", "/api/v1/appointments", key, booking(customers[0], haircut, mia, "2030-12-02T08:00:00Z")));
            String second = created(call("POST", "/api/v1/appointments", key, booking(customers[1], colour, mia, "2030-12-02T09:00:00Z")));
            String third = created(call("POST", "/api/v1/appointments", key, booking(customers[2], haircut, noah, "2030-12-02T08:00:00Z")));
            assertProblem(call("POST", "/api/v1/appointments", key, booking(customers[2], haircut, mia, "2030-12-02T08:30:00Z")),
                    409, "appointment_conflict");

            JsonNode miasDay = ok(call("GET", "/api/v1/appointments?from=2030-12-02T00:00:00%2B01:00&to=2030-12-03T00:00:00%2B01:00&staffId="
                    + mia, key, null));
            assertThat(miasDay.get("data").findValuesAsText("id")).containsExactly(second, first);

            JsonNode moved = ok(call("PATCH", "/api/v1/appointments/" + second, key, "{\"startsAt\":\"2030-12-02T12:00:00Z\"}"));
            assertThat(moved.get("endsAt").asText()).isEqualTo("2030-12-02T13:30:00Z");
            assertThat(ok(call("POST", "/api/v1/appointments/" + third + "/cancel", key, null)).get("status").asText())
                    .isEqualTo("cancelled");
            assertThat(ok(call("POST", "/api/v1/appointments/" + first + "/complete", key, null)).get("status").asText())
                    .isEqualTo("completed");
            assertProblem(call("POST", "/api/v1/appointments/" + first + "/cancel", key, null), 409, "invalid_transition");
            ok(call("POST", "/api/v1/staff/" + mia + "/check-out", key, null));

            List<WebhookReceiver.Received> hooks = receiver.await(r -> true, 8, Duration.ofSeconds(60));
            for (WebhookReceiver.Received hook : hooks) {
                assertThat(WebhookSignatures.slotwiseValid(secret, hook.body(), hook.header("X-Slotwise-Signature"))).isTrue();
                assertDescribed(hook);
            }
            List<String> types = hooks.stream().map(h -> h.header("X-Slotwise-Event")).toList();
            assertThat(types).containsExactlyInAnyOrder("staff.checkin", "appointment.created", "appointment.created",
                    "appointment.created", "appointment.updated", "appointment.cancelled", "appointment.completed",
                    "staff.checkout");
            JsonNode update = JSON.readTree(hooks.stream().filter(h -> h.header("X-Slotwise-Event").equals("appointment.updated"))
                    .findFirst().orElseThrow().body());
            assertThat(update.get("data").get("id").asText()).isEqualTo(second);
            assertThat(update.get("data").get("date").asText()).isEqualTo("2030-12-02");
            assertThat(update.get("data").get("time").asText()).isEqualTo("13:00");
            assertThat(update.get("data").get("timeZone").asText()).isEqualTo("Europe/Berlin");
            JsonNode checkout = JSON.readTree(hooks.stream().filter(h -> h.header("X-Slotwise-Event").equals("staff.checkout"))
                    .findFirst().orElseThrow().body());
            assertThat(checkout.get("data").get("staffId").asText()).isEqualTo(mia);
            assertThat(checkout.get("data").get("name").asText()).isEqualTo("Mia");
        }
    }

    /** CONTRACT §14 through the gateway: one call finds a free slot, the next books it; it is never offered again. */
    @Test
    void aClientFindsAFreeSlotAndBooksItInTwoCalls() throws Exception {
        String tenant = createTenant("Slots", "America/New_York", "pro");
        String key = createKey(tenant, "customers.write", "services.write", "staff.write", "appointments.read",
                "appointments.write").get("key").asText();
        String colour = created(call("POST", "/api/v1/services", key,
                "{\"name\":\"Colour\",\"durationMinutes\":45,\"price\":{\"amount\":9000,\"currency\":\"USD\"}}"));
        String maria = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Maria\",\"serviceIds\":[\"" + colour + "\"]}"));
        String guest = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Guest\"}"));
        ok(call("PUT", "/api/v1/staff/" + maria + "/working-hours", key,
                "{\"weekly\":[{\"day\":\"tuesday\",\"start\":\"10:00\",\"end\":\"12:00\"}]}"));

        // Tuesday 2030-12-03 in New York (UTC-5): 10:00-12:00 local is 15:00-17:00Z
        String search = "/api/v1/availability?serviceId=" + colour
                + "&from=2030-12-02T00:00:00Z&to=2030-12-09T00:00:00Z&slotMinutes=30";
        JsonNode slots = ok(call("GET", search, key, null)).get("data");
        assertThat(StackApi.slotStarts(slots)).containsExactly("2030-12-03T15:00:00Z", "2030-12-03T15:30:00Z",
                "2030-12-03T16:00:00Z");
        JsonNode slot = slots.get(0);
        Answer booked = call("POST", "/api/v1/appointments", key, booking(guest, colour, slot.get("staffId").asText(),
                slot.get("startsAt").asText()));
        assertThat(booked.body().get("endsAt").asText()).isEqualTo(slot.get("endsAt").asText());
        String appointment = created(booked);
        assertThat(StackApi.slotStarts(ok(call("GET", search, key, null)).get("data")))
                .containsExactly("2030-12-03T16:00:00Z");
        assertProblem(call("POST", "/api/v1/appointments", key, booking(guest, colour, maria, "2030-12-03T17:00:00Z")),
                409, "staff_unavailable");

        // If-Match and ETag pass through the gateway both ways
        String etag = call("GET", "/api/v1/appointments/" + appointment, key, null).header("ETag");
        assertThat(etag).isNotBlank();
        ok(call("PATCH", "/api/v1/appointments/" + appointment, key, "{\"notes\":\"first visit\"}", Map.of("If-Match", etag)));
        assertProblem(call("PATCH", "/api/v1/appointments/" + appointment, key, "{\"notes\":\"second\"}",
                Map.of("If-Match", etag)), 412, "precondition_failed");
    }

    /**
     * Issue 19, logs: the services' log files are JSON lines; the gateway's access line names the route's template,
     * the status, the tenant and the request id, and every line the gateway or customer-service logs while handling
     * a request names that request; no key, token or secret handed out during this run is in any log line.
     */
    @Test
    void logsAreJsonLinesThatNameTheRequestAndNeverACredential() throws Exception {
        String tenant = createTenant("Logs");
        String key = createKey(tenant, "customers.read", "customers.write", "services.write", "staff.write",
                "inventory.write", "appointments.write").get("key").asText();
        String requestId = "it-logs-" + java.util.UUID.randomUUID();
        Answer created = call("POST", "/api/v1/customers", key, "{\"firstName\":\"Log\"}",
                Map.of("X-Request-Id", requestId));
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("X-Request-Id")).isEqualTo(requestId);
        Path logs = SharedStack.stack().dataDir().resolve("logs");

        List<JsonNode> access = List.of();
        for (long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos(); access.isEmpty()
                && System.nanoTime() < deadline; Thread.sleep(100)) {
            access = JsonLogs.lines(logs.resolve("api-gateway.log")).stream()
                    .filter(line -> line.path("message").asText().contains(requestId)).toList();
        }
        assertThat(access).as("the gateway's access line").hasSize(1);
        JsonNode line = access.get(0);
        assertThat(line.path("loggerName").asText()).isEqualTo("slotwise.access");
        assertThat(JsonLogs.mdc(line, "requestId")).isEqualTo(requestId);
        assertThat(line.path("message").asText()).startsWith("POST /api/v1/customers 201 ")
                .contains("tenant=" + tenant).doesNotContain(key);
        assertThat(line.path("service").asText()).isEqualTo("api-gateway");
        assertThat(line.path("level").asText()).isEqualTo("INFO");
        assertThat(line.path("timestamp").asText()).matches("\\d{4}-\\d{2}-\\d{2}T.*");

        for (String service : List.of("api-gateway", "customer-service")) {
            List<JsonNode> lines = JsonLogs.lines(logs.resolve(service + ".log"));
            assertThat(lines).as(service + " logs JSON lines").isNotEmpty()
                    .allSatisfy(json -> assertThat(json.path("service").asText()).isEqualTo(service));
            // every line logged while handling this request names it (and its tenant); there is at least its access line
            assertThat(lines.stream().filter(json -> requestId.equals(JsonLogs.mdc(json, "requestId"))).toList())
                    .as(service + "'s lines of the request").isNotEmpty()
                    .allSatisfy(json -> assertThat(JsonLogs.mdc(json, "tenantId")).isEqualTo(tenant))
                    .allSatisfy(json -> assertThat(JsonLogs.mdc(json, "traceId")).as("trace id").matches("[0-9a-f]{32}"));
            // and a line that names the tenant was logged while handling one of its requests: it names a request
            assertThat(lines.stream().filter(json -> tenant.equals(JsonLogs.mdc(json, "tenantId"))))
                    .allSatisfy(json -> assertThat(JsonLogs.mdc(json, "requestId")).isNotBlank());
        }
        // a booking's lookups carry its request id to the services it asks
        StackApi.Salon salon = StackApi.salon(key);
        String booking = "it-logs-booking-" + java.util.UUID.randomUUID();
        assertThat(call("POST", "/api/v1/appointments", key, booking(salon.customer(), salon.service(), salon.staff(),
                "2031-01-07T10:00:00Z"), Map.of("X-Request-Id", booking)).status()).isEqualTo(201);
        assertThat(JsonLogs.lines(logs.resolve("customer-service.log")).stream()
                .filter(json -> booking.equals(JsonLogs.mdc(json, "requestId"))).map(json -> json.path("message").asText()))
                .anyMatch(message -> message.startsWith("GET /internal/v1/customers/{id} 200 "));
        try (Stream<Path> files = Files.list(logs)) {
            for (Path file : files.toList()) {
                String text = Files.readString(file);
                assertThat(StackApi.ISSUED_SECRETS).as("secrets handed out in this run, in " + file.getFileName())
                        .isNotEmpty().noneMatch(text::contains);
                assertThat(text).doesNotContain(SharedStack.stack().adminToken());
            }
        }
    }

    /** The local PostgreSQL takes no connection without its generated password. */
    private static String postgresPassword() {
        return SharedStack.stack().secrets().postgresPassword();
    }

    private static String booking(String customer, String service, String staff, String startsAt) {
        return "{\"customerId\":\"%s\",\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"%s\"}"
                .formatted(customer, service, staff, startsAt);
    }

    @Test
    void aSaleAndItsRefundArriveAsSignedWebhooksAndLowerStock() throws Exception {
        String tenant = createTenant("Salon Shop");
        // subscribing to customer.* and campaign.sent takes their read scopes too (CONTRACT §8)
        String key = createKey(tenant, "customers.read", "customers.write", "services.write", "inventory.read",
                "inventory.write", "transactions.write", "transactions.read", "payments.read", "reviews.write",
                "campaigns.read", "campaigns.write", "webhooks.write").get("key").asText();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Answer endpoint = call("POST", "/api/webhook-endpoints", key, "{\"url\":\"" + receiver.url("/shop")
                    + "\",\"events\":[\"transaction.completed\",\"transaction.refunded\",\"payment.received\","
                    + "\"payment.refunded\",\"stock.low\",\"customer.created\",\"customer.updated\",\"campaign.sent\"]}");
            assertThat(endpoint.status()).isEqualTo(201);
            String secret = endpoint.body().get("secret").asText();

            String customer = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Hedy\"}"));
            ok(call("PATCH", "/api/v1/customers/" + customer, key, "{\"marketingConsent\":true}"));
            String haircut = created(call("POST", "/api/v1/services", key,
                    "{\"name\":\"Haircut\",\"durationMinutes\":45,\"price\":{\"amount\":4500,\"currency\":\"EUR\"}}"));
            String shampoo = created(call("POST", "/api/v1/products", key,
                    "{\"name\":\"Shampoo\",\"sku\":\"SH\",\"stockQuantity\":3,\"lowStockThreshold\":1,\"price\":{\"amount\":1250,\"currency\":\"EUR\"}}"));
            String wax = created(call("POST", "/api/v1/products", key,
                    "{\"name\":\"Wax\",\"sku\":\"WX\",\"stockQuantity\":2,\"lowStockThreshold\":1,\"price\":{\"amount\":800,\"currency\":\"EUR\"}}"));

            Answer sale = call("POST", "/api/v1/transactions", key, """
                    {"customerId":"%s","items":[{"type":"service","refId":"%s","quantity":1},
                      {"type":"product","refId":"%s","quantity":2},{"type":"product","refId":"%s","quantity":1}],
                     "payments":[{"method":"cash","amount":{"amount":3900,"currency":"EUR"}},
                                 {"method":"card","amount":{"amount":3900,"currency":"EUR"}}]}"""
                    .formatted(customer, haircut, shampoo, wax));
            String transaction = created(sale);
            assertThat(sale.body().get("total").get("amount").asLong()).isEqualTo(7800);
            ok(call("POST", "/api/v1/transactions/" + transaction + "/refund", key, null));
            assertProblem(call("POST", "/api/v1/transactions/" + transaction + "/refund", key, null), 409, "invalid_transition");
            created(call("POST", "/api/v1/reviews", key, "{\"customerId\":\"" + customer + "\",\"rating\":5}"));
            String campaign = created(call("POST", "/api/v1/campaigns", key,
                    "{\"name\":\"Spring\",\"channel\":\"sms\",\"message\":\"Hello\"}"));
            assertThat(ok(call("POST", "/api/v1/campaigns/" + campaign + "/send", key, null)).get("recipientCount").asInt())
                    .isEqualTo(1);

            // customer.created, customer.updated; the sale: transaction.completed, 2 x payment.received and stock.low for
            // both products; the refund: transaction.refunded, 2 x payment.refunded; campaign.sent
            List<WebhookReceiver.Received> hooks = receiver.await(r -> true, 11, Duration.ofSeconds(60));
            for (WebhookReceiver.Received hook : hooks) {
                assertThat(WebhookSignatures.slotwiseValid(secret, hook.body(), hook.header("X-Slotwise-Signature"))).isTrue();
                assertDescribed(hook);
            }
            assertThat(hooks.stream().map(h -> h.header("X-Slotwise-Event")).toList()).containsExactlyInAnyOrder(
                    "customer.created", "customer.updated", "transaction.completed", "payment.received", "payment.received",
                    "stock.low", "stock.low", "transaction.refunded", "payment.refunded", "payment.refunded", "campaign.sent");
            assertThat(ok(call("GET", "/api/v1/products/" + shampoo, key, null)).get("stockQuantity").asInt()).isEqualTo(1);
            assertThat(ok(call("GET", "/api/v1/products/" + wax, key, null)).get("stockQuantity").asInt()).isEqualTo(1);
            assertThat(ok(call("GET", "/api/v1/payments?transactionId=" + transaction, key, null)).get("data").size())
                    .isEqualTo(2);
        }
    }
}
