package dev.slotwise.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import dev.slotwise.testing.WebhookReceiver;
import dev.slotwise.testing.WebhookSignatures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The endpoint's life after registration (CONTRACT §8): paused by a dead receiver (last retry failed, or 410) with
 * later events held, resumed with the held ones sent; ping, replay, rotation, the delivery log, patch, delete.
 * Test retry delays are six of 300 ms: the default count, first attempt + 6 retries, quickly.
 */
@QuarkusTest
class EndpointLifecycleTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaPublisher kafka;
    private final String tenant = Ids.next("ten");

    @BeforeAll
    static void connect() {
        kafka = new KafkaPublisher(KafkaTestResource.broker().bootstrapServers());
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    private RequestSpecification api() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "webhooks.write", "customers.read")).contentType(ContentType.JSON);
    }

    private Map<String, String> register(String url) {
        var body = api().body(Map.of("url", url, "events", List.of("customer.created")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract();
        return Map.of("id", body.path("id"), "secret", body.path("secret"));
    }

    private String publish() {
        return publish(Ids.next("cus"));
    }

    /** Events with one key share a partition, so the dispatcher consumes them in the order they were sent. */
    private String publish(String key) {
        String eventId = Ids.next("evt");
        kafka.send("slotwise.customer.events", key, """
                {"id":"%s","type":"customer.created","tenantId":"%s","createdAt":"2026-11-22T09:30:00.000Z","data":{"firstName":"Ada"}}"""
                .formatted(eventId, tenant));
        return eventId;
    }

    private String awaitStatus(String endpoint, String status) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String current;
        do {
            current = api().get("/api/webhook-endpoints/" + endpoint).then().statusCode(200).extract().path("status");
            if (!current.equals(status)) {
                Thread.sleep(100);
            }
        } while (!current.equals(status) && System.nanoTime() < deadline);
        return current;
    }

    private List<String> deliveryStatuses(String endpoint) {
        return api().get("/api/webhook-endpoints/" + endpoint + "/deliveries").then().statusCode(200)
                .extract().path("data.status");
    }

    @Test
    void aReceiverThatAlwaysFailsPausesItsEndpointAfterSixRetriesAndHeldEventsFollowInOrderOnResume() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start().answer(500, 500, 500, 500, 500, 500, 500)) {
            String endpoint = register(receiver.url("/dead")).get("id");
            String first = publish();
            List<WebhookReceiver.Received> attempts = receiver.await(r -> r.body().contains(first), 7, WAIT);
            assertThat(awaitStatus(endpoint, "paused")).isEqualTo("paused");
            assertThat(attempts).extracting(r -> r.header("X-Slotwise-Delivery")).containsOnly(attempts.get(0).header("X-Slotwise-Delivery"));

            String customer = Ids.next("cus");
            List<String> later = List.of(publish(customer), publish(customer), publish(customer), publish(customer),
                    publish(customer));
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (deliveryStatuses(endpoint).stream().filter("held"::equals).count() < later.size()
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(deliveryStatuses(endpoint)).containsExactly("held", "held", "held", "held", "held", "failed");
            api().get("/api/webhook-endpoints/" + endpoint + "/deliveries?status=failed").then().statusCode(200)
                    .body("data", hasSize(1)).body("data[0].attemptCount", equalTo(7));
            Thread.sleep(500);
            assertThat(receiver.all()).hasSize(7);

            api().body("{\"status\":\"active\"}").patch("/api/webhook-endpoints/" + endpoint)
                    .then().statusCode(200).body("status", equalTo("active"));
            List<WebhookReceiver.Received> resumed = receiver.await(r -> !r.body().contains(first), later.size(), WAIT);
            assertThat(resumed).extracting(r -> JSON.readTree(r.body()).get("id").asText())
                    .containsExactlyElementsOf(later);
        }
    }

    /**
     * Outcomes are written many at a time: one for a delivery whose endpoint was deleted while it was in flight must
     * not take the others' down with it (they would stay leased, and be sent again when the lease ran out).
     */
    @Test
    void deletingAnEndpointWithDeliveriesInFlightLeavesTheOtherEndpointsOutcomesRecorded() throws Exception {
        try (WebhookReceiver doomed = WebhookReceiver.start().delay(Duration.ofMillis(800));
                WebhookReceiver kept = WebhookReceiver.start().delay(Duration.ofMillis(800))) {
            String doomedEndpoint = register(doomed.url("/doomed")).get("id");
            String keptEndpoint = register(kept.url("/kept")).get("id");
            List<String> events = List.of(publish(), publish(), publish());
            doomed.await(r -> true, events.size(), WAIT);
            api().delete("/api/webhook-endpoints/" + doomedEndpoint).then().statusCode(204);
            kept.await(r -> true, events.size(), WAIT);

            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (deliveryStatuses(keptEndpoint).stream().filter("succeeded"::equals).count() < events.size()
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(deliveryStatuses(keptEndpoint)).containsExactly("succeeded", "succeeded", "succeeded");
            api().get("/api/webhook-endpoints/" + keptEndpoint + "/deliveries").then()
                    .body("data.attemptCount", equalTo(List.of(1, 1, 1)));
            api().get("/api/webhook-endpoints/" + doomedEndpoint).then().statusCode(404);
        }
    }

    @Test
    void gonePausesAtOnce() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start().answer(410)) {
            String endpoint = register(receiver.url("/gone")).get("id");
            String eventId = publish();
            receiver.await(r -> r.body().contains(eventId), 1, WAIT);
            assertThat(awaitStatus(endpoint, "paused")).isEqualTo("paused");
            api().get("/api/webhook-endpoints/" + endpoint + "/deliveries?status=failed").then()
                    .body("data", hasSize(1)).body("data[0].attemptCount", equalTo(1))
                    .body("data[0].lastResponseStatus", equalTo(410));
            Thread.sleep(2_500);
            assertThat(receiver.all()).hasSize(1);
        }
    }

    @Test
    void pingReachesTheEndpointAloneEvenPausedAndUnsubscribed() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Map<String, String> endpoint = register(receiver.url("/ping"));
            api().body("{\"status\":\"paused\"}").patch("/api/webhook-endpoints/" + endpoint.get("id")).then().statusCode(200);

            String deliveryId = api().post("/api/webhook-endpoints/" + endpoint.get("id") + "/ping")
                    .then().statusCode(202).body("deliveryId", matchesPattern("[0-9a-f-]{36}")).extract().path("deliveryId");

            WebhookReceiver.Received ping = receiver.await(r -> true, 1, WAIT).get(0);
            assertThat(ping.header("X-Slotwise-Delivery")).isEqualTo(deliveryId);
            assertThat(ping.header("X-Slotwise-Event")).isEqualTo("ping");
            JsonNode body = JSON.readTree(ping.body());
            assertThat(body.get("type").asText()).isEqualTo("ping");
            assertThat(body.get("data").get("endpointId").asText()).isEqualTo(endpoint.get("id"));
            assertThat(body.get("data").get("message").asText()).isEqualTo("ping");
            assertThat(WebhookSignatures.slotwiseValid(endpoint.get("secret"), ping.body(), ping.header("X-Slotwise-Signature"))).isTrue();
            api().get("/api/webhook-endpoints/" + endpoint.get("id")).then().body("status", equalTo("paused"));
        }
    }

    @Test
    void theDeliveryLogShowsEveryAttemptAndAReplayIsANewDeliveryOfTheSameEvent() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start().answer(503)) {
            String endpoint = register(receiver.url("/log")).get("id");
            String eventId = publish();
            List<WebhookReceiver.Received> attempts = receiver.await(r -> r.body().contains(eventId), 2, WAIT);
            String deliveryId = attempts.get(0).header("X-Slotwise-Delivery");
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!"succeeded".equals(deliveryStatuses(endpoint).get(0)) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }

            api().get("/api/webhook-endpoints/" + endpoint + "/deliveries/" + deliveryId).then().statusCode(200)
                    .body("id", equalTo(deliveryId))
                    .body("eventId", equalTo(eventId))
                    .body("eventType", equalTo("customer.created"))
                    .body("status", equalTo("succeeded"))
                    .body("attemptCount", equalTo(2))
                    .body("attempts", hasSize(2))
                    .body("attempts[0].responseStatus", equalTo(503))
                    .body("attempts[0].durationMs", notNullValue())
                    .body("attempts[1].responseStatus", equalTo(200))
                    .body("payload.id", equalTo(eventId));

            String replay = api().post("/api/webhook-endpoints/" + endpoint + "/deliveries/" + deliveryId + "/replay")
                    .then().statusCode(202).extract().path("deliveryId");
            assertThat(replay).isNotEqualTo(deliveryId);
            WebhookReceiver.Received replayed = receiver.await(r -> replay.equals(r.header("X-Slotwise-Delivery")), 1, WAIT).get(0);
            assertThat(JSON.readTree(replayed.body()).get("id").asText()).isEqualTo(eventId);

            api().body("{\"status\":\"paused\"}").patch("/api/webhook-endpoints/" + endpoint).then().statusCode(200);
            api().post("/api/webhook-endpoints/" + endpoint + "/deliveries/" + deliveryId + "/replay")
                    .then().statusCode(409).body("code", equalTo("endpoint_paused"));
            api().get("/api/webhook-endpoints/" + endpoint + "/deliveries?status=sent").then().statusCode(400);
        }
    }

    /**
     * CONTRACT §8: recover sends again every event whose latest delivery failed in the window, once; a second recover
     * finds nothing left; the window is at most 7 days; a paused endpoint is 409; another tenant's endpoint is 404.
     */
    @Test
    void recoverSendsEachFailedEventAgainOnce() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start().answer(500, 500, 500, 500, 500, 500, 500)) {
            String endpoint = register(receiver.url("/recover")).get("id");
            String failedEvent = publish();
            List<WebhookReceiver.Received> attempts = receiver.await(r -> r.body().contains(failedEvent), 7, WAIT);
            assertThat(awaitStatus(endpoint, "paused")).isEqualTo("paused");
            String since = Instant.now().minus(Duration.ofHours(1)).toString();

            api().body(Map.of("since", since)).post("/api/webhook-endpoints/" + endpoint + "/recover")
                    .then().statusCode(409).body("code", equalTo("endpoint_paused"));
            api().body("{\"status\":\"active\"}").patch("/api/webhook-endpoints/" + endpoint).then().statusCode(200);
            api().body(Map.of("since", Instant.now().minus(Duration.ofDays(8)).toString()))
                    .post("/api/webhook-endpoints/" + endpoint + "/recover")
                    .then().statusCode(422).body("code", equalTo("validation_failed")).body("errors[0].field", equalTo("since"));
            api().body("{}").post("/api/webhook-endpoints/" + endpoint + "/recover").then().statusCode(422);
            given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "webhooks.write")).contentType(ContentType.JSON)
                    .body(Map.of("since", since)).post("/api/webhook-endpoints/" + endpoint + "/recover")
                    .then().statusCode(404);

            api().body(Map.of("since", since)).post("/api/webhook-endpoints/" + endpoint + "/recover")
                    .then().statusCode(202).body("queued", equalTo(1));
            WebhookReceiver.Received recovered = receiver.await(r -> r.body().contains(failedEvent)
                    && !r.header("X-Slotwise-Delivery").equals(attempts.get(0).header("X-Slotwise-Delivery")), 1, WAIT).get(0);
            assertThat(JSON.readTree(recovered.body()).get("id").asText()).isEqualTo(failedEvent);

            api().body(Map.of("since", since)).post("/api/webhook-endpoints/" + endpoint + "/recover")
                    .then().statusCode(202).body("queued", equalTo(0));
        }
    }

    @Test
    void afterARotationBothSecretsSignFor24Hours() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Map<String, String> endpoint = register(receiver.url("/rotated"));
            String rotated = api().post("/api/webhook-endpoints/" + endpoint.get("id") + "/rotate-secret")
                    .then().statusCode(200).header("Cache-Control", "no-store")
                    .body("secret", matchesPattern("whsec_.+")).extract().path("secret");
            assertThat(rotated).isNotEqualTo(endpoint.get("secret"));

            String eventId = publish();
            WebhookReceiver.Received delivery = receiver.await(r -> r.body().contains(eventId), 1, WAIT).get(0);
            String signatures = delivery.header("webhook-signature");
            assertThat(signatures.split(" ")).hasSize(2);
            for (String secret : List.of(rotated, endpoint.get("secret"))) {
                assertThat(WebhookSignatures.standardValid(secret, delivery.header("webhook-id"),
                        delivery.header("webhook-timestamp"), delivery.body(), signatures)).isTrue();
            }
            assertThat(WebhookSignatures.slotwiseValid(rotated, delivery.body(), delivery.header("X-Slotwise-Signature"))).isTrue();
        }
    }

    @Test
    void patchValidatesAndDeleteRemoves() {
        String endpoint = register("http://127.0.0.1:9/never").get("id");
        api().body("{\"events\":[\"customer.merged\"]}").patch("/api/webhook-endpoints/" + endpoint)
                .then().statusCode(422).body("errors[0].field", equalTo("events[0]"));
        api().body("{\"status\":\"sleeping\"}").patch("/api/webhook-endpoints/" + endpoint)
                .then().statusCode(422).body("errors[0].field", equalTo("status"));
        api().body("{\"url\":\"https://10.0.0.1/hook\"}").patch("/api/webhook-endpoints/" + endpoint)
                .then().statusCode(422).body("errors[0].field", equalTo("url"));
        api().body("{\"description\":\"front desk\",\"events\":[\"customer.created\",\"ping\"]}")
                .patch("/api/webhook-endpoints/" + endpoint).then().statusCode(200)
                .body("description", equalTo("front desk")).body("events", hasSize(2));
        given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "webhooks.write"))
                .delete("/api/webhook-endpoints/" + endpoint).then().statusCode(404);
        api().delete("/api/webhook-endpoints/" + endpoint).then().statusCode(204);
        api().get("/api/webhook-endpoints/" + endpoint).then().statusCode(404);
    }
}
