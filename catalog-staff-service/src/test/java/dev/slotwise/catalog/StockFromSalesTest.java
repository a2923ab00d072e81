package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sales lower stock from transaction.completed on the real POS topic, exactly once per event, and stock.low fires
 * on the crossing of the threshold only.
 */
@QuarkusTest
class StockFromSalesTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaPublisher pos;
    private static KafkaEvents catalogEvents;
    private final String tenant = Ids.next("ten");

    @BeforeAll
    static void connect() {
        pos = new KafkaPublisher(KafkaTestResource.broker().bootstrapServers());
        catalogEvents = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.catalog.events");
    }

    @AfterAll
    static void disconnect() {
        pos.close();
        catalogEvents.close();
    }

    private RequestSpecification shop() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "inventory.read", "inventory.write"))
                .contentType(ContentType.JSON);
    }

    private String product(int stock, int threshold) {
        return shop().body("""
                {"name":"Conditioner","sku":"CO-%s","stockQuantity":%d,"lowStockThreshold":%d,"price":{"amount":999,"currency":"EUR"}}"""
                .formatted(tenant.substring(20), stock, threshold))
                .post("/api/v1/products").then().statusCode(201).extract().path("id");
    }

    /** A transaction.completed envelope as pos-payment-service publishes it. */
    private String sale(String eventId, String productId, long quantity) {
        return """
                {"id":"%s","type":"transaction.completed","tenantId":"%s","createdAt":"2030-01-01T10:00:00Z",
                 "data":{"id":"%s","items":[
                   {"type":"service","refId":"svc_01jq0000000000000000000000","quantity":1,"unitPrice":{"amount":4500,"currency":"EUR"}},
                   {"type":"product","refId":"%s","quantity":%d,"unitPrice":{"amount":999,"currency":"EUR"}}]}}"""
                .formatted(eventId, tenant, Ids.next("txn"), productId, quantity);
    }

    private long stockOf(String productId) {
        Number stock = shop().get("/api/v1/products/" + productId).then().statusCode(200).extract().path("stockQuantity");
        return stock.longValue();
    }

    private void awaitStock(String productId, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (stockOf(productId) != expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(stockOf(productId)).isEqualTo(expected);
    }

    @Test
    void aRedeliveredSaleLowersStockOnce() throws Exception {
        String product = product(10, 0);
        String eventId = Ids.next("evt");

        pos.send("slotwise.pos.events", "txn", sale(eventId, product, 3));
        pos.send("slotwise.pos.events", "txn", sale(eventId, product, 3));
        String marker = Ids.next("evt");
        pos.send("slotwise.pos.events", "txn", sale(marker, product, 1));

        // the later event is applied after the redelivery (one partition key), so 10 - 3 - 1 proves the second copy did nothing
        awaitStock(product, 6);
        Thread.sleep(500);
        assertThat(stockOf(product)).isEqualTo(6L);
    }

    @Test
    void stockLowFiresOnTheCrossingOnly() throws Exception {
        String product = product(5, 2);

        pos.send("slotwise.pos.events", "txn", sale(Ids.next("evt"), product, 2)); // 3: above the threshold
        pos.send("slotwise.pos.events", "txn", sale(Ids.next("evt"), product, 1)); // 2: crosses
        pos.send("slotwise.pos.events", "txn", sale(Ids.next("evt"), product, 1)); // 1: still low, no second event
        awaitStock(product, 1);
        shop().body("{\"delta\":10}").post("/api/v1/products/" + product + "/stock-adjustments").then().statusCode(200);
        shop().body("{\"delta\":-9}").post("/api/v1/products/" + product + "/stock-adjustments").then().statusCode(200); // 2: crosses again

        JsonNode low = JSON.readTree(catalogEvents.await(v -> v.contains(product) && v.contains("stock.low"), WAIT).value());
        assertThat(low.get("data").get("productId").asText()).isEqualTo(product);
        assertThat(low.get("data").get("stockQuantity").asInt()).isEqualTo(2);
        assertThat(low.get("data").get("lowStockThreshold").asInt()).isEqualTo(2);
        assertThat(low.get("data").get("sku").asText()).startsWith("CO-");
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (catalogEvents.all().stream().filter(r -> r.value().contains(product)).count() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(500);
        assertThat(catalogEvents.all()).filteredOn(r -> r.value().contains(product) && r.value().contains("stock.low"))
                .hasSize(2);
    }

    @Test
    void salesBeyondTheIntRangeAreCountedExactly() throws Exception {
        String product = product(1_000_000_000, 0);

        pos.send("slotwise.pos.events", "txn", sale(Ids.next("evt"), product, 2_000_000_000));
        pos.send("slotwise.pos.events", "txn", sale(Ids.next("evt"), product, 2_000_000_000));

        // an int stock overflowed at the second sale, and the consumer retried it for ever, for every tenant
        awaitStock(product, -3_000_000_000L);
    }

    @Test
    void aSaleThatCanNeverBeAppliedIsDeadLetteredAndTheNextSaleIsApplied() throws Exception {
        String product = product(10, 0);
        String poison = Ids.next("evt");
        try (KafkaEvents deadLetters = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(),
                "slotwise.catalog-staff-service.dead-letters")) {
            // a product id PostgreSQL cannot even compare (NUL) fails on every try; so does a record that is no event
            pos.send("slotwise.pos.events", "txn", sale(poison, "prd_\\u0000", 1));
            pos.send("slotwise.pos.events", "txn", "{\"type\":\"transaction.completed\",\"data\":{}}");
            pos.send("slotwise.pos.events", "txn", sale(Ids.next("evt"), product, 4));

            awaitStock(product, 6);
            ConsumerRecord<String, String> dead = deadLetters.await(v -> v.contains(poison), WAIT);
            assertThat(new String(dead.headers().lastHeader("dead-letter-topic").value(), StandardCharsets.UTF_8))
                    .isEqualTo("slotwise.pos.events");
            assertThat(dead.headers().lastHeader("dead-letter-reason")).isNotNull();
            deadLetters.await(v -> v.equals("{\"type\":\"transaction.completed\",\"data\":{}}"), WAIT);
        }
    }
}
