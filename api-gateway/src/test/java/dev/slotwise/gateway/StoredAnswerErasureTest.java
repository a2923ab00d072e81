package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A customer's erasure (CONTRACT §19) reaches the answers the gateway keeps for Idempotency-Key replays: once the
 * service answered the DELETE with 204, a replay of the customer's creation still says 201 (and runs nothing again)
 * but no longer shows the customer's names, e-mail, phone, notes or metadata. Other customers' answers, another
 * tenant's, and everything after a refused erasure stay as they were.
 */
@QuarkusTest
class StoredAnswerErasureTest {

    private static String customer(String id, String name) {
        return """
                {"id":"%s","firstName":"%s","lastName":"Lovelace","email":"%s@example.com","phone":"+4915112345678",
                 "notes":"prefers mornings","marketingConsent":true,"metadata":{"crm":"4711"}}"""
                .formatted(id, name, name.toLowerCase());
    }

    private static RequestSpecification as(String key) {
        return given().auth().oauth2(key).contentType("application/json").header("X-Echo-Raw", "true");
    }

    @Test
    void anErasedCustomersStoredCreationIsReplayedWithoutItsPersonalData() {
        String tenant = Operator.tenant("enterprise");
        String key = Operator.key(tenant, "customers.write").get("key");
        String strangerKey = Operator.key(Operator.tenant("enterprise"), "customers.write").get("key");
        String erased = Ids.next("cus");
        String kept = Ids.next("cus");
        String creation = UUID.randomUUID().toString();
        String other = UUID.randomUUID().toString();
        String marker = "erasure-" + creation;

        as(key).header("Idempotency-Key", creation).header("X-Test-Marker", marker).body(customer(erased, "Ada"))
                .post("/api/v1/customers").then().statusCode(201).body("email", equalTo("ada@example.com"));
        as(key).header("Idempotency-Key", other).body(customer(kept, "Grace")).post("/api/v1/customers").then()
                .statusCode(201);
        as(strangerKey).header("Idempotency-Key", creation).body(customer(erased, "Alan")).post("/api/v1/customers")
                .then().statusCode(201);

        // refused (a booking ahead): nothing is erased
        as(key).header("X-Echo-Status", "409").delete("/api/v1/customers/" + erased).then().statusCode(409);
        as(key).header("Idempotency-Key", creation).header("X-Test-Marker", marker).body(customer(erased, "Ada"))
                .post("/api/v1/customers").then().statusCode(201).header("Idempotent-Replayed", "true")
                .body("email", equalTo("ada@example.com"));

        as(key).header("X-Echo-Status", "204").delete("/api/v1/customers/" + erased).then().statusCode(204);

        as(key).header("Idempotency-Key", creation).header("X-Test-Marker", marker).body(customer(erased, "Ada"))
                .post("/api/v1/customers").then().statusCode(201).header("Idempotent-Replayed", "true")
                .body("id", equalTo(erased))
                .body("firstName", nullValue()).body("lastName", nullValue()).body("email", nullValue())
                .body("phone", nullValue()).body("notes", nullValue()).body("metadata", equalTo(Map.of()))
                .body("marketingConsent", equalTo(true));
        org.assertj.core.api.Assertions.assertThat(EchoUpstream.get().hits(marker)).isEqualTo(1);
        as(key).header("Idempotency-Key", other).body(customer(kept, "Grace")).post("/api/v1/customers").then()
                .statusCode(201).header("Idempotent-Replayed", "true").body("email", equalTo("grace@example.com"));
        as(strangerKey).header("Idempotency-Key", creation).body(customer(erased, "Alan")).post("/api/v1/customers")
                .then().statusCode(201).header("Idempotent-Replayed", "true").body("email", equalTo("alan@example.com"));
    }
}
