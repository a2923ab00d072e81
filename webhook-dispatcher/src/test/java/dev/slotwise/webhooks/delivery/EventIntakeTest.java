package dev.slotwise.webhooks.delivery;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The intake enqueues what one poll returns in one statement. A record in the middle of a batch that can never be
 * enqueued — not an event, or an event PostgreSQL refuses (a NUL in its id) — goes to the dead-letter topic on its
 * own; the events around it are enqueued, once each, in the order they were published.
 */
@QuarkusTest
class EventIntakeTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String DEAD_LETTERS = "slotwise.webhook-dispatcher.dead-letters";
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

    @Test
    void recordsThatCanNeverBeEnqueuedAreDeadLetteredAndTheRestOfTheirBatchIsEnqueuedInOrder() throws Exception {
        // paused: every delivery is held, so the log shows exactly what the intake enqueued
        String endpoint = api().body(Map.of("url", "http://127.0.0.1:9/intake", "events", List.of("customer.created")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract().path("id");
        api().body(Map.of("status", "paused")).patch("/api/webhook-endpoints/" + endpoint).then().statusCode(200);
        String key = Ids.next("cus"); // one partition: consumed in the order published, most of it in one poll
        String notAnEvent = "{\"type\":\"customer.created\",\"data\":{\"note\":\"" + Ids.next("x") + "\"}}";
        String unstorable = Ids.next("evt") + "\\u0000";
        List<String> enqueued = new ArrayList<>();

        try (KafkaEvents deadLetters = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), DEAD_LETTERS)) {
            List<String> records = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                if (i == 10) {
                    records.add(notAnEvent);
                }
                if (i == 20) {
                    records.add(event(unstorable));
                }
                String id = Ids.next("evt");
                records.add(event(id));
                enqueued.add(id);
            }
            records.add(event(enqueued.get(5))); // a redelivered record, as after a relay's crash
            kafka.sendAll("slotwise.customer.events", key, records);

            ConsumerRecord<String, String> dead = deadLetters.await(value -> value.contains(unstorable), WAIT);
            assertThat(new String(dead.headers().lastHeader("dead-letter-topic").value(), StandardCharsets.UTF_8))
                    .isEqualTo("slotwise.customer.events");
            assertThat(dead.headers().lastHeader("dead-letter-reason")).isNotNull();
            deadLetters.await(notAnEvent::equals, WAIT);

            JsonPath log = awaitDeliveries(endpoint, enqueued.size());
            assertThat(log.getList("data.status", String.class)).containsOnly("held");
            // the log is newest first; the enqueued ones are the published ones, in order, each once
            List<String> events = new ArrayList<>(log.getList("data.eventId", String.class));
            java.util.Collections.reverse(events);
            assertThat(events).containsExactlyElementsOf(enqueued);
            assertThat(deadLetters.all()).filteredOn(record -> enqueued.stream().anyMatch(record.value()::contains))
                    .as("no enqueued event dead-lettered").isEmpty();
        }
    }

    private String event(String id) {
        return """
                {"id":"%s","type":"customer.created","tenantId":"%s","createdAt":"2026-11-22T09:30:00.000Z","data":{"firstName":"Ada"}}"""
                .formatted(id, tenant);
    }

    private RequestSpecification api() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "webhooks.write", "customers.read")).contentType(ContentType.JSON);
    }

    private JsonPath awaitDeliveries(String endpoint, int count) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            JsonPath log = api().get("/api/webhook-endpoints/" + endpoint + "/deliveries?limit=100").then().statusCode(200)
                    .extract().jsonPath();
            if (log.getList("data").size() >= count || System.nanoTime() > deadline) {
                Thread.sleep(1_000); // and nothing more arrives (the duplicate)
                return api().get("/api/webhook-endpoints/" + endpoint + "/deliveries?limit=100").then().statusCode(200)
                        .extract().jsonPath();
            }
            Thread.sleep(100);
        }
    }
}
