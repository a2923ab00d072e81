package dev.slotwise.webhooks.delivery;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * customer.deleted (CONTRACT §19) erases the customer's personal data from the payloads the dispatcher stored for
 * its earlier customer.* events — and only that customer's, only in its tenant — and is itself delivered as
 * {@code {id, deletedAt}}.
 */
@QuarkusTest
class CustomerErasureTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaPublisher kafka;
    private final String tenant = Ids.next("ten");
    private final String stranger = Ids.next("ten");

    @Inject
    Pool database;

    @BeforeAll
    static void connect() {
        kafka = new KafkaPublisher(KafkaTestResource.broker().bootstrapServers());
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @Test
    void theCustomersStoredPayloadsAreErasedAndNobodyElses() throws Exception {
        String endpoint = paused(tenant);
        String strangerEndpoint = paused(stranger);
        String erased = Ids.next("cus");
        String kept = Ids.next("cus");
        kafka.sendAll("slotwise.customer.events", erased, List.of(
                customer("customer.created", tenant, erased, "Ada", "ada@example.com"),
                customer("customer.updated", tenant, erased, "Ada", "ada.l@example.com")));
        kafka.sendAll("slotwise.customer.events", kept, List.of(
                customer("customer.created", tenant, kept, "Grace", "grace@example.com")));
        // another tenant's customer with the same id (it cannot happen, ids are unique; the tenant still decides)
        kafka.sendAll("slotwise.customer.events", erased, List.of(
                customer("customer.created", stranger, erased, "Alan", "alan@example.com")));
        awaitPayloads(endpoint, 3, payloads -> true);
        awaitPayloads(strangerEndpoint, 1, payloads -> true);

        kafka.sendAll("slotwise.customer.events", erased, List.of("""
                {"id":"%s","type":"customer.deleted","tenantId":"%s","createdAt":"2026-11-22T09:30:00.000Z",
                 "data":{"id":"%s","deletedAt":"2026-11-22T09:30:00.000Z"}}""".formatted(Ids.next("evt"), tenant,
                erased)));

        List<JsonNode> payloads = awaitPayloads(endpoint, 4,
                found -> found.stream().noneMatch(payload -> payload.toString().contains("ada@example.com")
                        || payload.toString().contains("ada.l@example.com")));
        for (JsonNode payload : payloads) {
            JsonNode data = payload.get("data");
            switch (payload.get("type").asText()) {
                case "customer.deleted" -> assertThat(data.get("id").asText()).isEqualTo(erased);
                default -> {
                    if (data.get("id").asText().equals(erased)) {
                        assertThat(data.get("firstName").isNull()).isTrue();
                        assertThat(data.get("lastName").isNull()).isTrue();
                        assertThat(data.get("email").isNull()).isTrue();
                        assertThat(data.get("phone").isNull()).isTrue();
                        assertThat(data.get("notes").isNull()).isTrue();
                        assertThat(data.get("metadata").size()).isZero();
                        assertThat(data.get("marketingConsent").asBoolean()).isTrue();
                        assertThat(payload.get("id").asText()).startsWith("evt_");
                    } else {
                        assertThat(data.get("email").asText()).isEqualTo("grace@example.com");
                    }
                }
            }
        }
        assertThat(awaitPayloads(strangerEndpoint, 1, found -> true).get(0).get("data").get("email").asText())
                .isEqualTo("alan@example.com");
        // the API shows the erased payload too
        String delivery = api(tenant).get("/api/webhook-endpoints/" + endpoint + "/deliveries?limit=100").then()
                .extract().jsonPath().getString("data.find { it.eventType == 'customer.updated' }.id");
        assertThat(api(tenant).get("/api/webhook-endpoints/" + endpoint + "/deliveries/" + delivery).then()
                .statusCode(200).extract().asString()).doesNotContain("ada.l@example.com").doesNotContain("Ada");
    }

    private static String customer(String type, String tenantId, String id, String name, String email) {
        return """
                {"id":"%s","type":"%s","tenantId":"%s","createdAt":"2026-11-22T09:30:00.000Z","data":{"id":"%s",
                 "firstName":"%s","lastName":"Lovelace","email":"%s","phone":"+4915112345678","notes":"n",
                 "marketingConsent":true,"notificationsOptOut":false,"metadata":{"crm":"1"},
                 "createdAt":"2026-11-22T09:30:00.000Z","updatedAt":"2026-11-22T09:30:00.000Z"}}"""
                .formatted(Ids.next("evt"), type, tenantId, id, name, email);
    }

    /** A paused endpoint: every delivery is held and stays stored, none is sent. */
    private String paused(String tenantId) {
        String endpoint = api(tenantId).body(Map.of("url", "http://127.0.0.1:9/erasure",
                        "events", List.of("customer.created", "customer.updated", "customer.deleted")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract().path("id");
        api(tenantId).body(Map.of("status", "paused")).patch("/api/webhook-endpoints/" + endpoint).then()
                .statusCode(200);
        return endpoint;
    }

    private RequestSpecification api(String tenantId) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, "webhooks.write", "customers.read"))
                .contentType(ContentType.JSON);
    }

    private List<JsonNode> awaitPayloads(String endpoint, int count,
            java.util.function.Predicate<List<JsonNode>> done) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            List<JsonNode> payloads = new ArrayList<>();
            for (Row row : database.preparedQuery("select payload from deliveries where endpoint_id = $1")
                    .execute(Tuple.of(endpoint)).await().indefinitely()) {
                payloads.add(JSON.readTree(row.getString(0)));
            }
            if (payloads.size() >= count && done.test(payloads) || System.nanoTime() > deadline) {
                assertThat(payloads).hasSize(count);
                assertThat(done.test(payloads)).as("payloads as expected: %s", payloads).isTrue();
                return payloads;
            }
            Thread.sleep(100);
        }
    }
}
