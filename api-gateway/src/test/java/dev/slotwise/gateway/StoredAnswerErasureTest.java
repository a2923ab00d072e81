package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A customer's erasure (CONTRACT §19) reaches the answers the gateway keeps for Idempotency-Key replays: once the
 * service answered the DELETE with 204, a replay of the customer's creation still says 201 (and runs nothing again)
 * but no longer shows the customer's names, e-mail, phone, notes or metadata. Other customers' answers, another
 * tenant's, and everything after a refused erasure stay as they were. When the stored answers cannot be rewritten, the
 * DELETE is 503 (never 204 with the data left behind), and its retry — 404 from the service — finishes the erasure.
 */
@QuarkusTest
class StoredAnswerErasureTest {

    @Inject
    Pool pool;

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

    @Test
    void anErasureWhoseStoredAnswersCannotBeRewrittenIs503AndItsRetryFinishesIt() {
        String tenant = Operator.tenant("enterprise");
        String key = Operator.key(tenant, "customers.write").get("key");
        String erased = Ids.next("cus");
        String creation = UUID.randomUUID().toString();
        String marker = "erasure-retry-" + creation;
        as(key).header("Idempotency-Key", creation).header("X-Test-Marker", marker).body(customer(erased, "Ada"))
                .post("/api/v1/customers").then().statusCode(201);

        // the database refuses to rewrite this tenant's stored answers, as it would when it is failing over
        sql("create function refuse_rewrite() returns trigger language plpgsql as $$ begin "
                + "raise exception 'rewrites refused for the test'; end $$");
        sql("create trigger refuse_rewrite before update on idempotency_keys for each row when (new.tenant_id = '"
                + tenant + "') execute function refuse_rewrite()");
        try {
            as(key).header("X-Echo-Status", "204").delete("/api/v1/customers/" + erased).then().statusCode(503)
                    .contentType("application/problem+json").body("code", equalTo("upstream_unavailable"));
            as(key).header("Idempotency-Key", creation).header("X-Test-Marker", marker).body(customer(erased, "Ada"))
                    .post("/api/v1/customers").then().statusCode(201).body("email", equalTo("ada@example.com"));
        } finally {
            sql("drop trigger refuse_rewrite on idempotency_keys");
            sql("drop function refuse_rewrite()");
        }

        // the client retries; the customer is already gone at the service
        as(key).header("X-Echo-Status", "404").delete("/api/v1/customers/" + erased).then().statusCode(404);
        as(key).header("Idempotency-Key", creation).header("X-Test-Marker", marker).body(customer(erased, "Ada"))
                .post("/api/v1/customers").then().statusCode(201).header("Idempotent-Replayed", "true")
                .body("id", equalTo(erased)).body("firstName", nullValue()).body("email", nullValue())
                .body("metadata", equalTo(Map.of()));
        org.assertj.core.api.Assertions.assertThat(EchoUpstream.get().hits(marker)).isEqualTo(1);
    }

    private void sql(String statement) {
        pool.query(statement).execute().await().atMost(java.time.Duration.ofSeconds(10));
    }
}
