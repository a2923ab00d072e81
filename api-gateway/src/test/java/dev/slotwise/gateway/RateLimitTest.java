package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CONTRACT §6 with real requests: hourly quotas per tenant, their headers, and the per-address brake on guessing. */
@QuarkusTest
class RateLimitTest {

    private static Response get(String key) {
        return given().auth().oauth2(key).get("/api/v1/customers");
    }

    @Test
    void theHundredAndFirstRequestOfAFreeTenantIs429WithTheHeadersRight() {
        String tenant = Operator.tenant("free");
        String key = Operator.key(tenant, "customers.read").get("key");
        String otherKeyOfTheSameTenant = Operator.key(tenant, "customers.read").get("key");
        long now = Instant.now().getEpochSecond();
        long reset = now - now % 3600 + 3600;

        for (int i = 1; i <= 100; i++) {
            Response answer = get(i % 2 == 0 ? key : otherKeyOfTheSameTenant);
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.header("X-RateLimit-Limit")).isEqualTo("100");
            assertThat(answer.header("X-RateLimit-Remaining")).isEqualTo(String.valueOf(100 - i));
        }
        Response refused = get(key);
        refused.then().statusCode(429).contentType("application/problem+json").body("code", equalTo("rate_limited"));
        assertThat(refused.header("X-RateLimit-Limit")).isEqualTo("100");
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Long.parseLong(refused.header("X-RateLimit-Reset"))).isBetween(reset, reset + 3600);
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertThat(retryAfter).isBetween(1L, 3600L);
        assertThat(refused.header("RateLimit-Policy")).isEqualTo("\"hourly\";q=100;w=3600");
        assertThat(refused.header("RateLimit")).matches("\"hourly\";r=0;t=\\d+");
        // a request that would fail otherwise is counted and refused the same way
        given().auth().oauth2(key).get("/api/v1/nothing-here").then().statusCode(429);
    }

    @Test
    void tenantsAreCountedApartAndPlansSetTheLimit() {
        String free = Operator.key(Operator.tenant("free"), "customers.read").get("key");
        String pro = Operator.key(Operator.tenant("pro"), "customers.read").get("key");
        String enterprise = Operator.key(Operator.tenant("enterprise"), "customers.read").get("key");
        String contract = Operator.operator().body(Map.of("name", "Chain", "plan", "enterprise", "rateLimitPerHour", 250000))
                .post("/admin/v1/tenants").then().statusCode(201).extract().path("id");

        assertThat(get(free).header("X-RateLimit-Remaining")).isEqualTo("99");
        assertThat(get(free).header("X-RateLimit-Remaining")).isEqualTo("98");
        assertThat(get(pro).header("X-RateLimit-Limit")).isEqualTo("5000");
        assertThat(get(pro).header("X-RateLimit-Remaining")).isEqualTo("4998");
        assertThat(get(enterprise).header("X-RateLimit-Limit")).isEqualTo("100000");
        assertThat(get(Operator.key(contract, "customers.read").get("key")).header("X-RateLimit-Limit")).isEqualTo("250000");
    }

    @Test
    void anAddressWithMoreThanThirtyFailedAuthenticationsInAMinuteIs429() {
        String guesser = "198.51.100." + (int) (Math.random() * 250 + 1);
        String honest = "198.51.100.251";
        String key = Operator.key(Operator.tenant("enterprise"), "customers.read").get("key");
        for (int i = 0; i < 31; i++) {
            given().header("X-Forwarded-For", guesser).auth().oauth2("swk_" + "0".repeat(64))
                    .get("/api/v1/customers").then().statusCode(401);
        }
        Response blocked = given().header("X-Forwarded-For", guesser).auth().oauth2(key).get("/api/v1/customers");
        blocked.then().statusCode(429).body("code", equalTo("rate_limited"));
        assertThat(Long.parseLong(blocked.header("Retry-After"))).isBetween(1L, 60L);
        given().header("X-Forwarded-For", honest).auth().oauth2(key).get("/api/v1/customers").then().statusCode(200);
    }
}
