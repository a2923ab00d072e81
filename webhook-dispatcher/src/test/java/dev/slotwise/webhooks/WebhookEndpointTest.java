package dev.slotwise.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

@QuarkusTest
class WebhookEndpointTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification as(String tenantId) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, "webhooks.write", "customers.read")).contentType(ContentType.JSON);
    }

    @Test
    void registrationAnswersTheSecretOnceAndStoresItEncrypted() throws Exception {
        var created = as(tenant).body(Map.of("url", "http://127.0.0.1:9/hook", "events", List.of("customer.created"),
                        "description", "CRM sync"))
                .post("/api/webhook-endpoints").then().statusCode(201)
                .header("Location", matchesPattern("/api/webhook-endpoints/we_[0-9a-z]{26}"))
                .body("id", matchesPattern("we_[0-9a-z]{26}"))
                .body("url", equalTo("http://127.0.0.1:9/hook"))
                .body("events", contains("customer.created"))
                .body("description", equalTo("CRM sync"))
                .body("status", equalTo("active"))
                .body("secret", matchesPattern("whsec_[A-Za-z0-9+/]{43}="))
                .header("Cache-Control", equalTo("no-store"))
                .header("ETag", nullValue())
                .extract();
        String id = created.path("id");
        String secret = created.path("secret");

        as(tenant).get("/api/webhook-endpoints/" + id).then().statusCode(200).body("$", not(hasKey("secret")))
                .header("ETag", matchesPattern("\"[A-Za-z0-9_-]{22}\""));
        as(tenant).get("/api/webhook-endpoints").then().statusCode(200).body("data.id", contains(id))
                .body("nextCursor", nullValue());
        as(Ids.next("ten")).get("/api/webhook-endpoints/" + id).then().statusCode(404);

        try (Connection connection = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"), "postgres", "");
                PreparedStatement query = connection.prepareStatement("select * from webhook_endpoints where id = ?")) {
            query.setString(1, id);
            try (ResultSet row = query.executeQuery()) {
                assertThat(row.next()).isTrue();
                for (int column = 1; column <= row.getMetaData().getColumnCount(); column++) {
                    Object value = row.getObject(column);
                    String text = value instanceof byte[] bytes ? new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1)
                            : String.valueOf(value);
                    assertThat(text).doesNotContain(secret.substring(6, 30));
                }
            }
        }
    }

    @Test
    void refusesUrlsAndEventsOutsideTheContract() {
        for (String url : List.of("ftp://127.0.0.1/x", "https://10.0.0.1/hook", "https://169.254.169.254/latest",
                "https://192.168.1.10/", "https://[::ffff:10.0.0.1]/", "https://100.64.0.1/", "https://[fd00::1]/",
                "https://0.0.0.0/", "not a url", "https://user:pw@127.0.0.1/")) {
            as(tenant).body(Map.of("url", url, "events", List.of("ping"))).post("/api/webhook-endpoints")
                    .then().statusCode(422).body("code", equalTo("validation_failed"))
                    .body("errors[0].field", equalTo("url"));
        }
        as(tenant).body(Map.of("url", "http://127.0.0.1:9/", "events", List.of("customer.merged")))
                .post("/api/webhook-endpoints").then().statusCode(422).body("errors[0].field", equalTo("events[0]"));
        as(tenant).body(Map.of("url", "http://127.0.0.1:9/", "events", List.of()))
                .post("/api/webhook-endpoints").then().statusCode(422).body("errors[0].field", equalTo("events"));
        as(tenant).body(Map.of("events", List.of("ping"))).post("/api/webhook-endpoints")
                .then().statusCode(422).body("errors[0].field", equalTo("url"));
        // null inside the list, and a NUL character, are the client's mistakes too, never a 500 (issue 23)
        as(tenant).body("{\"url\":\"http://127.0.0.1:9/\",\"events\":[null]}").post("/api/webhook-endpoints")
                .then().statusCode(422).body("errors[0].field", equalTo("events[0]"));
        as(tenant).body("{\"url\":\"http://127.0.0.1:9/\",\"events\":[\"ping\"],\"description\":\"a\\u0000\"}")
                .post("/api/webhook-endpoints").then().statusCode(422).body("errors[0].field", equalTo("description"));
        as(tenant).get("/api/webhook-endpoints/we_%00").then().statusCode(404);
    }

    @Test
    void needsTheWebhooksScope() {
        given().get("/api/webhook-endpoints").then().statusCode(401);
        given().auth().oauth2(InternalTokens.forTenant(tenant, "customers.read")).get("/api/webhook-endpoints")
                .then().statusCode(403).body("code", equalTo("insufficient_scope"));
    }

    @Test
    void aTenantHasAtMostTwentyEndpointsEvenWhenItsCreatesRace() throws Exception {
        String crowded = Ids.next("ten");
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                String url = "http://127.0.0.1:9/hook-" + i;
                answers.add(clients.submit(() -> as(crowded).body(Map.of("url", url, "events", List.of("ping")))
                        .post("/api/webhook-endpoints").then().extract().statusCode()));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get(30, TimeUnit.SECONDS));
            }
            assertThat(statuses).filteredOn(s -> s == 201).hasSize(20);
            assertThat(statuses).filteredOn(s -> s == 422).hasSize(10);
        } finally {
            clients.shutdownNow();
        }
        as(crowded).body(Map.of("url", "http://127.0.0.1:9/one-more", "events", List.of("ping")))
                .post("/api/webhook-endpoints").then().statusCode(422).body("code", equalTo("validation_failed"))
                .body("detail", containsString("at most 20 webhook endpoints"));
        // another tenant is not affected, and deleting one makes room again
        as(tenant).body(Map.of("url", "http://127.0.0.1:9/mine", "events", List.of("ping")))
                .post("/api/webhook-endpoints").then().statusCode(201);
        String first = as(crowded).get("/api/webhook-endpoints?limit=1").then().statusCode(200).extract().path("data[0].id");
        as(crowded).delete("/api/webhook-endpoints/" + first).then().statusCode(204);
        as(crowded).body(Map.of("url", "http://127.0.0.1:9/one-more", "events", List.of("ping")))
                .post("/api/webhook-endpoints").then().statusCode(201);
    }
}
