package dev.slotwise.customer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** customer.created / customer.updated reach Kafka through the outbox, and only for committed changes. */
@QuarkusTest
class CustomerEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaEvents events;
    private final String tenant = Ids.next("ten");

    @Inject
    Pool database;

    @BeforeAll
    static void follow() {
        events = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.customer.events");
    }

    @AfterAll
    static void stop() {
        events.close();
    }

    @Test
    void createAndUpdatePublishTheirEventsWithTheResource() throws Exception {
        String token = InternalTokens.forTenant(tenant, "customers.write");
        String id = given().auth().oauth2(token).contentType(ContentType.JSON)
                .body("{\"firstName\":\"Edsger\",\"email\":\"e." + UUID.randomUUID() + "@example.com\"}")
                .post("/api/v1/customers").then().statusCode(201).extract().path("id");

        ConsumerRecord<String, String> created = events.await(v -> v.contains(id) && v.contains("customer.created"), WAIT);
        JsonNode event = JSON.readTree(created.value());
        assertThat(created.key()).isEqualTo(id);
        assertThat(event.get("id").asText()).matches("evt_[0-9a-z]{26}");
        assertThat(event.get("type").asText()).isEqualTo("customer.created");
        assertThat(event.get("tenantId").asText()).isEqualTo(tenant);
        assertThat(event.get("createdAt").asText()).endsWith("Z");
        assertThat(event.get("data").get("id").asText()).isEqualTo(id);
        assertThat(event.get("data").get("firstName").asText()).isEqualTo("Edsger");
        assertThat(event.get("data").has("lastName")).isTrue();

        given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"lastName\":\"Dijkstra\"}")
                .patch("/api/v1/customers/" + id).then().statusCode(200);
        JsonNode updated = JSON.readTree(events.await(v -> v.contains(id) && v.contains("customer.updated"), WAIT).value());
        assertThat(updated.get("data").get("lastName").asText()).isEqualTo("Dijkstra");
    }

    /**
     * Decision 0112: a request whose trace is not sampled skips the tracing instrumentation, yet stays in its trace —
     * the gateway's trace id reaches the event's record, so its log lines and its event still name the trace — and a
     * request without a trace context starts a new, unsampled one (tests sample nothing).
     */
    @Test
    void anUnsampledRequestKeepsItsTraceWithoutTheInstrumentation() throws Exception {
        assertThat(io.quarkus.opentelemetry.runtime.tracing.instrumentation.InstrumentationRecorder.FACTORY
                .getVertxTracerDelegator().getDelegate().getClass().getSimpleName()).isEqualTo("UnsampledSpans");
        String token = InternalTokens.forTenant(tenant, "customers.write");
        String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
        String inTrace = given().auth().oauth2(token).contentType(ContentType.JSON)
                .header("traceparent", "00-" + trace + "-00f067aa0ba902b7-00")
                .body("{\"firstName\":\"Traced\"}").post("/api/v1/customers").then().statusCode(201).extract().path("id");
        String newTrace = given().auth().oauth2(token).contentType(ContentType.JSON)
                .body("{\"firstName\":\"Untraced\"}").post("/api/v1/customers").then().statusCode(201).extract().path("id");

        assertThat(traceparent(events.await(v -> v.contains(inTrace) && v.contains("customer.created"), WAIT)))
                .matches("00-" + trace + "-[0-9a-f]{16}-00").doesNotContain("00f067aa0ba902b7");
        assertThat(traceparent(events.await(v -> v.contains(newTrace) && v.contains("customer.created"), WAIT)))
                .matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00").doesNotContain(trace).doesNotStartWith("00-" + "0".repeat(32));
    }

    private static String traceparent(ConsumerRecord<String, String> record) {
        var header = record.headers().lastHeader("traceparent");
        assertThat(header).as("the record's traceparent").isNotNull();
        return new String(header.value(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * CONTRACT §18: {@code notificationsOptOut} (default false) is part of the customer, so notification-service,
     * which keeps its copy from these events, hears when a customer opts out and back in.
     */
    @Test
    void theOptOutOfNotificationsTravelsWithTheCustomer() throws Exception {
        String token = InternalTokens.forTenant(tenant, "customers.read", "customers.write");
        String id = given().auth().oauth2(token).contentType(ContentType.JSON)
                .body("{\"firstName\":\"Quiet\",\"notificationsOptOut\":true}").post("/api/v1/customers")
                .then().statusCode(201).body("notificationsOptOut", equalTo(true)).extract().path("id");
        JsonNode created = JSON.readTree(events.await(v -> v.contains(id) && v.contains("customer.created"), WAIT).value());
        assertThat(created.get("data").get("notificationsOptOut").asBoolean()).isTrue();

        given().auth().oauth2(token).contentType("application/merge-patch+json").body("{\"notificationsOptOut\":false}")
                .patch("/api/v1/customers/" + id).then().statusCode(200).body("notificationsOptOut", equalTo(false));
        JsonNode updated = JSON.readTree(events.await(v -> v.contains(id) && v.contains("customer.updated"), WAIT).value());
        assertThat(updated.get("data").get("notificationsOptOut").isBoolean()).isTrue();
        assertThat(updated.get("data").get("notificationsOptOut").asBoolean()).isFalse();
        given().auth().oauth2(token).get("/api/v1/customers/" + id).then().statusCode(200)
                .body("notificationsOptOut", equalTo(false));

        String plain = given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"firstName\":\"Chatty\"}")
                .post("/api/v1/customers").then().statusCode(201).body("notificationsOptOut", equalTo(false))
                .extract().path("id");
        given().auth().oauth2(token).get("/api/v1/customers/" + plain).then().body("notificationsOptOut", equalTo(false));
    }

    @Test
    void aRejectedChangePublishesNothing() throws InterruptedException {
        String email = "dup." + UUID.randomUUID() + "@example.com";
        String token = InternalTokens.forTenant(tenant, "customers.write");
        given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"firstName\":\"First\",\"email\":\"" + email + "\"}")
                .post("/api/v1/customers").then().statusCode(201);
        given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"firstName\":\"Second\",\"email\":\"" + email + "\"}")
                .post("/api/v1/customers").then().statusCode(409);
        String marker = "after-" + UUID.randomUUID();
        given().auth().oauth2(token).contentType(ContentType.JSON).body("{\"firstName\":\"" + marker + "\"}")
                .post("/api/v1/customers").then().statusCode(201);

        // the rejected create's event, had it been recorded, would have another key (and partition) than the
        // marker's, so the marker's arrival says nothing about it; once everything recorded is published, all is read
        events.await(v -> v.contains(marker), WAIT);
        awaitEverythingRecordedRead();
        assertThat(events.all()).filteredOn(r -> r.value().contains(email)).hasSize(1);
        assertThat(events.all()).noneMatch(r -> r.value().contains("\"Second\""));
    }

    @Test
    void anEventRecordedInATransactionThatRollsBackIsNeverPublished() throws InterruptedException {
        String rolledBack = "rolled-back-" + UUID.randomUUID();
        given().post("/test/outbox/rolled-back/" + rolledBack).then().statusCode(500);
        String committed = "committed-" + UUID.randomUUID();
        given().auth().oauth2(InternalTokens.forTenant(tenant, "customers.write")).contentType(ContentType.JSON)
                .body("{\"firstName\":\"" + committed + "\"}").post("/api/v1/customers").then().statusCode(201);

        events.await(v -> v.contains(committed), WAIT);
        awaitEverythingRecordedRead();
        assertThat(events.all()).noneMatch(r -> r.value().contains(rolledBack));
    }

    /**
     * Sound ground for "this was never published": the outbox is empty (every committed event is acknowledged by the
     * broker: the relay deletes a row only then), and this test's consumer has read every partition of the topic up
     * to its end. Waiting for a later event instead proves nothing about events of other keys, which travel in other
     * partitions (issue 34).
     */
    private void awaitEverythingRecordedRead() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        long left;
        while ((left = database.query("select count(*) as left from outbox").execute().await().atMost(WAIT)
                .iterator().next().getLong("left")) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(left).as("events recorded and not yet published").isZero();
        events.awaitCaughtUp(WAIT);
    }
}
