package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §19's erasure through the real stack: a customer is created (with an Idempotency-Key), changed, booked,
 * e-mailed and sent to a webhook endpoint; erasure is refused while the booking is ahead and accepted once it is
 * cancelled — while notification-service and webhook-dispatcher are down, so that they erase when they are back.
 * Then no database of the stack (every table, every column, the dispatcher's stored payloads and the gateway's stored
 * answers included) and no log file holds the customer's name, e-mail address or phone number, the customer is 404
 * and its id cannot be booked.
 */
@ExtendWith(SharedStack.class)
@Timeout(600)
class ErasureIT {

    private static final Duration ERASED_WITHIN = Duration.ofSeconds(90);

    @Test
    void anErasedCustomerIsNowhereInTheStack() throws Exception {
        LocalStack stack = SharedStack.stack();
        String tenant = createTenant("Erasure IT");
        String key = createKey(tenant, "customers.read", "customers.write", "appointments.read", "appointments.write",
                "services.write", "staff.write", "webhooks.write").get("key").asText();
        // letters only, so that no other text of the stack contains them by chance (a UUID's hex letters ran short:
        // 32 characters held fewer than 8 of a–f in one CI run)
        String suffix = ThreadLocalRandom.current().ints(8, 'a', 'z' + 1)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        String firstName = "Zephyrine" + suffix;
        String lastName = "Quillfeather" + suffix;
        String email = "zq." + suffix + "@example.com";
        String phone = "+49151" + (10_000_000 + ThreadLocalRandom.current().nextInt(89_999_999));
        List<String> personal = List.of(firstName, lastName, email, phone);

        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            created(call("POST", "/api/webhook-endpoints", key, "{\"url\":\"" + receiver.url("/erasure")
                    + "\",\"events\":[\"customer.created\",\"customer.updated\",\"customer.deleted\"]}"));
            String customer = created(call("POST", "/api/v1/customers", key, """
                    {"firstName":"%s","lastName":"%s","email":"%s","phone":"%s","notes":"%s likes tea",
                     "metadata":{"crmName":"%s"}}""".formatted(firstName, lastName, email, phone, firstName, lastName),
                    Map.of("Idempotency-Key", "create-" + suffix)));
            ok(call("PATCH", "/api/v1/customers/" + customer, key, "{\"notes\":\"" + lastName + " prefers mornings\"}"));
            receiver.await(hook -> hook.body().contains(customer) && hook.body().contains("customer.updated"), 1,
                    Duration.ofSeconds(60));

            String service = created(call("POST", "/api/v1/services", key,
                    "{\"name\":\"Cut\",\"durationMinutes\":30,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}"));
            String staff = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Ida\"}"));
            String startsAt = Instant.now().plus(3, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS).toString();
            String appointment = created(call("POST", "/api/v1/appointments", key, """
                    {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}"""
                    .formatted(customer, service, staff, startsAt)));
            awaitNotification(key, appointment);

            assertProblem(call("DELETE", "/api/v1/customers/" + customer, key, null), 409,
                    "customer_has_upcoming_appointments");
            ok(call("POST", "/api/v1/appointments/" + appointment + "/cancel", key, "{}"));

            // the services that keep copies are down when the customer is erased: they erase when they are back
            stack.stopService("notification-service");
            stack.stopService("webhook-dispatcher");
            try {
                assertThat(call("DELETE", "/api/v1/customers/" + customer, key, null).status()).isEqualTo(204);
            } finally {
                stack.startService("webhook-dispatcher");
                stack.startService("notification-service");
            }

            assertProblem(call("GET", "/api/v1/customers/" + customer, key, null), 404, "not_found");
            assertProblem(call("DELETE", "/api/v1/customers/" + customer, key, null), 404, "not_found");
            assertProblem(call("POST", "/api/v1/appointments", key, """
                    {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}"""
                    .formatted(customer, service, staff, startsAt)), 422, "validation_failed");
            // the appointment remains, with the id
            assertThat(ok(call("GET", "/api/v1/appointments/" + appointment, key, null)).get("customerId").asText())
                    .isEqualTo(customer);
            WebhookReceiver.Received deleted = receiver.await(hook -> hook.body().contains(customer)
                    && hook.body().contains("customer.deleted"), 1, Duration.ofSeconds(90)).get(0);
            JsonNode data = JSON.readTree(deleted.body()).get("data");
            assertThat(data.get("id").asText()).isEqualTo(customer);
            assertThat(data.has("deletedAt")).isTrue();

            // a replay of the creation says it was done, without the data
            Answer replay = call("POST", "/api/v1/customers", key, """
                    {"firstName":"%s","lastName":"%s","email":"%s","phone":"%s","notes":"%s likes tea",
                     "metadata":{"crmName":"%s"}}""".formatted(firstName, lastName, email, phone, firstName, lastName),
                    Map.of("Idempotency-Key", "create-" + suffix));
            assertThat(replay.status()).isEqualTo(201);
            assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
            assertThat(replay.body().get("id").asText()).isEqualTo(customer);
            assertThat(replay.body().get("email").isNull()).isTrue();

            List<String> found = List.of();
            for (long deadline = System.nanoTime() + ERASED_WITHIN.toNanos(); System.nanoTime() < deadline;
                    Thread.sleep(1_000)) {
                found = everywhere(personal);
                if (found.isEmpty()) {
                    break;
                }
            }
            assertThat(found).as("the customer's personal data in the stack's databases").isEmpty();
        }

        // no log line of any component ever carried them
        try (Stream<Path> files = Files.list(stack.dataDir().resolve("logs"))) {
            for (Path file : files.toList()) {
                String text = Files.readString(file);
                assertThat(personal).as("personal data in " + file.getFileName()).noneMatch(text::contains);
            }
        }
    }

    /** The notification-service has logged an e-mail for the appointment (its recipient is the customer). */
    private static void awaitNotification(String key, String appointment) throws Exception {
        for (long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); System.nanoTime() < deadline;
                Thread.sleep(500)) {
            Answer log = call("GET", "/api/v1/notifications?appointmentId=" + appointment, key, null);
            if (log.status() == 200 && log.body().get("data").size() > 0) {
                return;
            }
        }
        throw new AssertionError("no notification for " + appointment);
    }

    /**
     * Where any of {@code needles} occurs in any row of any table of any database of the stack: "database.table"
     * entries. Every column is searched as text; bytea (the gateway's stored answers) as its escaped bytes.
     */
    private static List<String> everywhere(List<String> needles) throws Exception {
        String url = "jdbc:postgresql://127.0.0.1:" + SharedStack.port("postgresql") + "/";
        String password = SharedStack.stack().secrets().postgresPassword();
        List<String> databases = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url + "postgres", "postgres", password);
                ResultSet rows = connection.createStatement().executeQuery(
                        "select datname from pg_database where not datistemplate and datname <> 'postgres'")) {
            while (rows.next()) {
                databases.add(rows.getString(1));
            }
        }
        assertThat(databases).contains("customers", "appointments", "catalog", "pos", "webhooks", "gateway");
        List<String> found = new ArrayList<>();
        for (String database : databases) {
            try (Connection connection = DriverManager.getConnection(url + database, "postgres", password)) {
                List<String[]> columns = new ArrayList<>();
                try (ResultSet rows = connection.createStatement().executeQuery("""
                        select c.table_schema, c.table_name, c.column_name, c.data_type
                          from information_schema.columns c
                          join information_schema.tables t
                            on t.table_schema = c.table_schema and t.table_name = c.table_name
                         where t.table_type = 'BASE TABLE'
                           and c.table_schema not in ('pg_catalog', 'information_schema')""")) {
                    while (rows.next()) {
                        columns.add(new String[] {rows.getString(1), rows.getString(2), rows.getString(3),
                                rows.getString(4)});
                    }
                }
                for (String[] column : columns) {
                    String value = "bytea".equals(column[3]) ? "encode(\"" + column[2] + "\", 'escape')"
                            : "\"" + column[2] + "\"::text";
                    String sql = "select count(*) from \"" + column[0] + "\".\"" + column[1] + "\" where "
                            + String.join(" or ", needles.stream().map(needle -> value + " like ?").toList());
                    try (PreparedStatement statement = connection.prepareStatement(sql)) {
                        for (int i = 0; i < needles.size(); i++) {
                            statement.setString(i + 1, "%" + needles.get(i) + "%");
                        }
                        try (ResultSet rows = statement.executeQuery()) {
                            rows.next();
                            if (rows.getLong(1) > 0) {
                                found.add(database + "." + column[1] + "." + column[2]);
                            }
                        }
                    }
                }
            }
        }
        return found;
    }
}
