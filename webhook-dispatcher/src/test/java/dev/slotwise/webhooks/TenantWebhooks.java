package dev.slotwise.webhooks;

import static io.restassured.RestAssured.given;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** One tenant as the tests drive it: its webhook API (through an internal token) and its events on Kafka. */
final class TenantWebhooks {

    private static KafkaPublisher kafka;

    final String tenant = Ids.next("ten");

    /** One producer for every test of the JVM, closed when it exits. */
    private static synchronized KafkaPublisher kafka() {
        if (kafka == null) {
            kafka = new KafkaPublisher(KafkaTestResource.broker().bootstrapServers());
            Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "test-publisher-close"));
        }
        return kafka;
    }

    RequestSpecification api() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "webhooks.write", "customers.read")).contentType(ContentType.JSON);
    }

    /** Registers an endpoint for {@code customer.created}; its id. */
    String register(String url) {
        return api().body(Map.of("url", url, "events", List.of("customer.created")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract().path("id");
    }

    /** Publishes a {@code customer.created} event and returns its id once the broker has it. */
    String publish() {
        String eventId = Ids.next("evt");
        kafka().send("slotwise.customer.events", Ids.next("cus"), """
                {"id":"%s","type":"customer.created","tenantId":"%s","createdAt":"2026-11-22T09:30:00.000Z","data":{"firstName":"Ada"}}"""
                .formatted(eventId, tenant));
        return eventId;
    }

    JsonPath deliveries(String endpoint) {
        return api().get("/api/webhook-endpoints/" + endpoint + "/deliveries").then().statusCode(200).extract().jsonPath();
    }

    /** Polls the endpoint's delivery log until it matches. */
    JsonPath awaitDeliveries(String endpoint, Predicate<JsonPath> matches, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonPath log = deliveries(endpoint);
        while (!matches.test(log)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("delivery log never matched: " + log.prettify());
            }
            Thread.sleep(100);
            log = deliveries(endpoint);
        }
        return log;
    }
}
