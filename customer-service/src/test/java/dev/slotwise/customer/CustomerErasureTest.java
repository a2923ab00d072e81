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
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code DELETE /api/v1/customers/{id}} (CONTRACT §19) as customer-service answers it. */
@QuarkusTest
class CustomerErasureTest {

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

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification writer() {
        return as(tenant, "customers.read", "customers.write");
    }

    private String create(String email) {
        return writer().body("{\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"email\":\"" + email
                        + "\",\"phone\":\"+4915112345678\",\"notes\":\"prefers mornings\",\"metadata\":{\"crm\":\"c-1\"}}")
                .post("/api/v1/customers").then().statusCode(201).extract().path("id");
    }

    @Test
    void erasureDeletesThePersonalDataAndAnnouncesCustomerDeleted() throws Exception {
        String email = "ada." + UUID.randomUUID() + "@example.com";
        String id = create(email);

        writer().delete("/api/v1/customers/" + id).then().statusCode(204);

        writer().get("/api/v1/customers/" + id).then().statusCode(404).body("code", equalTo("not_found"));
        writer().contentType("application/merge-patch+json").body("{\"notes\":\"x\"}")
                .patch("/api/v1/customers/" + id).then().statusCode(404);
        writer().delete("/api/v1/customers/" + id).then().statusCode(404);
        given().auth().oauth2(InternalTokens.forTenant(tenant)).get("/internal/v1/customers/" + id)
                .then().statusCode(404);
        writer().queryParam("email", email).get("/api/v1/customers").then().statusCode(200)
                .body("data.size()", equalTo(0));
        // nothing of the customer is left in this service's database but the event's id
        long rows = database.preparedQuery("select count(*) from customers where id = $1 or email = $2")
                .execute(Tuple.of(id, email)).await().indefinitely().iterator().next().getLong(0);
        assertThat(rows).isZero();
        assertThat(AppointmentServiceStub.sealed(tenant, id)).as("appointment-service sealed the id first").isTrue();

        ConsumerRecord<String, String> deleted = events.await(
                v -> v.contains(id) && v.contains("\"customer.deleted\""), WAIT);
        JsonNode event = JSON.readTree(deleted.value());
        assertThat(deleted.key()).isEqualTo(id);
        assertThat(event.get("tenantId").asText()).isEqualTo(tenant);
        assertThat(event.get("data").properties()).extracting(java.util.Map.Entry::getKey)
                .containsExactlyInAnyOrder("id", "deletedAt");
        assertThat(event.get("data").get("id").asText()).isEqualTo(id);
        assertThat(event.get("data").get("deletedAt").asText()).endsWith("Z");
        assertThat(deleted.value()).doesNotContain(email).doesNotContain("Lovelace");
    }

    @Test
    void aCustomerWithABookingAheadIs409AndKept() {
        String id = create("booked." + UUID.randomUUID() + "@example.com");
        AppointmentServiceStub.bookAhead(tenant, id);

        writer().delete("/api/v1/customers/" + id).then().statusCode(409)
                .contentType("application/problem+json")
                .body("code", equalTo("customer_has_upcoming_appointments"));
        writer().get("/api/v1/customers/" + id).then().statusCode(200).body("lastName", equalTo("Lovelace"));

        AppointmentServiceStub.cancelAhead(id);
        writer().delete("/api/v1/customers/" + id).then().statusCode(204);
    }

    @Test
    void anotherTenantsOrAnUnknownCustomerIs404AndNothingIsSealed() {
        String id = create("other." + UUID.randomUUID() + "@example.com");
        String stranger = Ids.next("ten");
        as(stranger, "customers.write").delete("/api/v1/customers/" + id).then().statusCode(404);
        assertThat(AppointmentServiceStub.sealed(stranger, id)).isFalse();
        writer().get("/api/v1/customers/" + id).then().statusCode(200);
        writer().delete("/api/v1/customers/" + Ids.next("cus")).then().statusCode(404);
        writer().delete("/api/v1/customers/not-an-id").then().statusCode(404);
    }

    @Test
    void erasureNeedsCustomersWrite() {
        String id = create("scope." + UUID.randomUUID() + "@example.com");
        as(tenant, "customers.read").delete("/api/v1/customers/" + id).then().statusCode(403);
        writer().get("/api/v1/customers/" + id).then().statusCode(200);
    }

    @Test
    void reviewsOfAnErasedCustomerRemainWithTheId() {
        String id = create("review." + UUID.randomUUID() + "@example.com");
        String review = as(tenant, "reviews.write", "reviews.read").body("{\"customerId\":\"" + id + "\",\"rating\":5}")
                .post("/api/v1/reviews").then().statusCode(201).extract().path("id");
        writer().delete("/api/v1/customers/" + id).then().statusCode(204);
        as(tenant, "reviews.read").get("/api/v1/reviews").then().statusCode(200)
                .body("data.find { it.id == '" + review + "' }.customerId", equalTo(id));
        as(tenant, "reviews.write").body("{\"customerId\":\"" + id + "\",\"rating\":4}")
                .post("/api/v1/reviews").then().statusCode(422);
    }
}
