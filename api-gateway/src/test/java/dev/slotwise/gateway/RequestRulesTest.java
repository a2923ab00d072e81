package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the gateway refuses before anything is forwarded: bodies over 1 MiB (413) and bodies that are not JSON (415). */
@QuarkusTest
class RequestRulesTest {

    private String key;

    @BeforeEach
    void aKey() {
        key = Operator.key(Operator.tenant("enterprise"), "customers.write").get("key");
    }

    @Test
    void aBodyOverOneMebibyteIs413() {
        String marker = "too-large-" + System.nanoTime();
        String big = "{\"notes\":\"" + "x".repeat(1024 * 1024) + "\"}";
        given().auth().oauth2(key).contentType("application/json").header("X-Test-Marker", marker).body(big)
                .post("/api/v1/customers")
                .then().statusCode(413).contentType("application/problem+json").body("code", equalTo("payload_too_large"));
        given().auth().oauth2(key).contentType("application/json").body("{\"notes\":\"" + "x".repeat(1000 * 1000) + "\"}")
                .post("/api/v1/customers").then().statusCode(201);
        org.assertj.core.api.Assertions.assertThat(EchoUpstream.get().hits(marker)).isZero();
    }

    @Test
    void aBodyThatIsNotJsonIs415() {
        given().auth().oauth2(key).contentType("text/plain").body("firstName=Ada").post("/api/v1/customers")
                .then().statusCode(415).body("code", equalTo("unsupported_media_type"));
        given().auth().oauth2(key).contentType("application/merge-patch+json").body("{}").patch("/api/v1/customers/cus_1")
                .then().statusCode(200);
        // an action without a body needs no content type: it reaches the service, whose 200 (CONTRACT §5) it answers
        given().auth().oauth2(Operator.key(Operator.tenant("enterprise"), "campaigns.write").get("key"))
                .post("/api/v1/campaigns/cmp_1/send").then().statusCode(200).header("X-Upstream", "echo");
        org.assertj.core.api.Assertions.assertThat(EchoUpstream.get().last().uri()).isEqualTo("/api/v1/campaigns/cmp_1/send");
    }
}
