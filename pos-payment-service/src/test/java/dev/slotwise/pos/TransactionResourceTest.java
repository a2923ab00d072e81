package dev.slotwise.pos;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@QuarkusTest
class TransactionResourceTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaEvents events;
    private final Shop shop = new Shop();

    @BeforeAll
    static void follow() {
        events = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.pos.events");
    }

    @AfterAll
    static void stop() {
        events.close();
    }

    private List<JsonNode> eventsOf(String transactionId, int count) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<ConsumerRecord<String, String>> found;
        do {
            found = events.all().stream().filter(r -> transactionId.equals(r.key())).toList();
            if (found.size() >= count) {
                break;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        assertThat(found).hasSize(count);
        List<JsonNode> parsed = new java.util.ArrayList<>();
        for (ConsumerRecord<String, String> record : found) {
            parsed.add(JSON.readTree(record.value()));
        }
        return parsed;
    }

    @Test
    void aSaleOfAServiceAndTwoProductsPaidHalfCashHalfCard() throws Exception {
        String id = shop.till().body(shop.halfCashHalfCard()).post("/api/v1/transactions")
                .then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/transactions/txn_[0-9a-z]{26}"))
                .body("id", matchesPattern("txn_[0-9a-z]{26}"))
                .body("customerId", equalTo(shop.customer))
                .body("appointmentId", nullValue())
                .body("items", hasSize(3))
                .body("items[0].unitPrice.amount", equalTo(4500))
                .body("items[1].quantity", equalTo(2))
                .body("items[1].unitPrice.amount", equalTo(1250))
                .body("total.amount", equalTo(7800))
                .body("total.currency", equalTo("EUR"))
                .body("payments.method", contains("cash", "card"))
                .body("payments.id", contains(matchesPattern("pay_[0-9a-z]{26}"), matchesPattern("pay_[0-9a-z]{26}")))
                .body("payments.status", contains("received", "received"))
                .body("status", equalTo("completed"))
                .body("refundedAt", nullValue())
                .extract().path("id");

        List<JsonNode> completed = eventsOf(id, 3);
        assertThat(completed).extracting(e -> e.get("type").asText())
                .containsExactly("transaction.completed", "payment.received", "payment.received");
        assertThat(completed.get(0).get("data").get("total").get("amount").asLong()).isEqualTo(7800);
        assertThat(completed.get(1).get("data").get("transactionId").asText()).isEqualTo(id);
        assertThat(completed.get(1).get("data").get("amount").get("amount").asLong()).isEqualTo(3900);

        // catalog-staff-service consumes the sale from Kafka and lowers stock: 10 - 2 shampoos, 5 - 1 wax
        long deadline = System.nanoTime() + WAIT.toNanos();
        while ((shop.stockOf(shop.shampoo) != 8 || shop.stockOf(shop.wax) != 4) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(shop.stockOf(shop.shampoo)).isEqualTo(8);
        assertThat(shop.stockOf(shop.wax)).isEqualTo(4);

        shop.till().post("/api/v1/transactions/" + id + "/refund").then().statusCode(200)
                .body("status", equalTo("refunded"))
                .body("refundedAt", notNullValue())
                .body("payments.status", contains("refunded", "refunded"));
        shop.till().post("/api/v1/transactions/" + id + "/refund").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));
        List<JsonNode> all = eventsOf(id, 6);
        assertThat(all.subList(3, 6)).extracting(e -> e.get("type").asText())
                .containsExactly("transaction.refunded", "payment.refunded", "payment.refunded");
        assertThat(all.get(3).get("data").get("status").asText()).isEqualTo("refunded");
    }

    @Test
    void paymentsMustAddUpToTheTotalInOneCurrency() {
        String body = shop.halfCashHalfCard().replace("\"amount\":3900,\"currency\":\"EUR\"}}]", "\"amount\":3800,\"currency\":\"EUR\"}}]");
        shop.till().body(body).post("/api/v1/transactions").then().statusCode(422)
                .body("code", equalTo("validation_failed")).body("errors[0].field", equalTo("payments"));
        String usd = shop.halfCashHalfCard().replace("\"amount\":3900,\"currency\":\"EUR\"}}]", "\"amount\":3900,\"currency\":\"USD\"}}]");
        shop.till().body(usd).post("/api/v1/transactions").then().statusCode(422)
                .body("errors[0].field", equalTo("payments[1].amount.currency"));
        shop.till().body("""
                {"items":[{"type":"service","refId":"%s","quantity":1,"unitPrice":{"amount":45.5,"currency":"EUR"}}],
                 "payments":[{"method":"cash","amount":{"amount":45,"currency":"EUR"}}]}""".formatted(shop.haircut))
                .post("/api/v1/transactions").then().statusCode(422)
                .body("errors[0].field", equalTo("items[0].unitPrice.amount"));
        shop.till().get("/api/v1/transactions").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void aGivenUnitPriceOverridesTheCatalogAndAnonymousSalesAreAllowed() {
        shop.till().body("""
                {"items":[{"type":"service","refId":"%s","quantity":1,"unitPrice":{"amount":4000,"currency":"EUR"}}],
                 "payments":[{"method":"other","amount":{"amount":4000,"currency":"EUR"}}]}""".formatted(shop.haircut))
                .post("/api/v1/transactions").then().statusCode(201)
                .body("customerId", nullValue()).body("total.amount", equalTo(4000));
    }

    @Test
    void everyReferenceIsChecked() {
        Shop other = new Shop();
        shop.till().body("""
                {"customerId":"%s","items":[{"type":"product","refId":"%s","quantity":1},{"type":"service","refId":"%s","quantity":1}],
                 "payments":[{"method":"cash","amount":{"amount":1,"currency":"EUR"}}]}"""
                .formatted(other.customer, other.shampoo, shop.shampoo))
                .post("/api/v1/transactions").then().statusCode(422)
                .body("errors.field", containsInAnyOrder("customerId", "items[0].refId", "items[1].refId"));
        shop.till().body("{\"payments\":[{\"method\":\"cash\",\"amount\":{\"amount\":1,\"currency\":\"EUR\"}}]}")
                .post("/api/v1/transactions").then().statusCode(422).body("errors[0].field", equalTo("items"));
        shop.till().body("{\"items\":[{\"type\":\"gift\",\"refId\":\"x\",\"quantity\":0}],\"payments\":[]}")
                .post("/api/v1/transactions").then().statusCode(422)
                .body("errors.field", containsInAnyOrder("items[0].type", "items[0].quantity", "payments"));
    }

    @Test
    void anAppointmentMustBeTheCustomers() {
        String appointment = shop.create("appointment-service", "/api/v1/appointments", "appointments.write", """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"2030-02-01T10:00:00Z"}"""
                .formatted(shop.customer, shop.haircut, shop.stylist));
        String someoneElse = shop.create("customer-service", "/api/v1/customers", "customers.write", "{\"firstName\":\"Other\"}");
        String sale = """
                {"customerId":"%s","appointmentId":"%s","items":[{"type":"service","refId":"%s","quantity":1}],
                 "payments":[{"method":"card","amount":{"amount":4500,"currency":"EUR"}}]}""";

        shop.till().body(sale.formatted(someoneElse, appointment, shop.haircut)).post("/api/v1/transactions")
                .then().statusCode(422).body("errors[0].field", equalTo("appointmentId"));
        shop.till().body(sale.formatted(shop.customer, appointment, shop.haircut)).post("/api/v1/transactions")
                .then().statusCode(201).body("appointmentId", equalTo(appointment));
    }

    @Test
    void transactionsAndPaymentsAreReadWithinTheTenant() {
        String id = shop.till().body(shop.halfCashHalfCard()).post("/api/v1/transactions").then().statusCode(201)
                .extract().path("id");
        String payment = shop.till().get("/api/v1/transactions/" + id).then().statusCode(200)
                .body("items", hasSize(3)).extract().path("payments[1].id");

        shop.till().get("/api/v1/transactions?limit=1").then().statusCode(200).body("data[0].id", equalTo(id))
                .body("data[0].payments", hasSize(2));
        shop.till().get("/api/v1/payments/" + payment).then().statusCode(200)
                .body("transactionId", equalTo(id)).body("method", equalTo("card")).body("amount.amount", equalTo(3900));
        shop.till().queryParam("transactionId", id).get("/api/v1/payments").then().statusCode(200)
                .body("data.method", contains("card", "cash"));

        given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "transactions.read", "payments.read"))
                .get("/api/v1/transactions/" + id).then().statusCode(404);
        given().auth().oauth2(InternalTokens.forTenant(shop.tenant, "transactions.read")).contentType(ContentType.JSON)
                .get("/api/v1/payments/" + payment).then().statusCode(403);
    }
}
