package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.slotwise.testing.ClockWindows;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §6 with real requests: hourly quotas per tenant, their headers, and the per-address brake on guessing. The
 * windows are aligned to the clock (UTC hours, minutes), so each test that counts into one first waits, if need be,
 * until the window has room for it, and checks afterwards that it stayed in one window.
 */
@QuarkusTest
class RateLimitTest {

    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration MINUTE = Duration.ofMinutes(1);

    /** Runs {@code counted} inside one window, with {@code room} left of it when it starts. */
    private static void inOneWindow(Duration window, Duration room, Runnable counted) {
        long started = ClockWindows.awaitRoom(window, room);
        counted.run();
        assertThat(ClockWindows.current(window)).as("the requests fitted in one window of " + window).isEqualTo(started);
    }

    private static Response get(String key) {
        return given().auth().oauth2(key).get("/api/v1/customers");
    }

    @Test
    void theHundredAndFirstRequestOfAFreeTenantIs429WithTheHeadersRight() {
        inOneWindow(HOUR, Duration.ofMinutes(2), RateLimitTest::hundredAndOneRequests);
    }

    private static void hundredAndOneRequests() {
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
        assertThat(Long.parseLong(refused.header("X-RateLimit-Reset"))).isEqualTo(reset);
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertThat(retryAfter).isBetween(1L, reset - now);
        assertThat(refused.header("RateLimit-Policy")).isEqualTo("\"hourly\";q=100;w=3600");
        assertThat(refused.header("RateLimit")).matches("\"hourly\";r=0;t=\\d+");
        // a request that would fail otherwise is counted and refused the same way
        given().auth().oauth2(key).get("/api/v1/nothing-here").then().statusCode(429);
    }

    @Test
    void tenantsAreCountedApartAndPlansSetTheLimit() {
        inOneWindow(HOUR, MINUTE, RateLimitTest::plansAndTenants);
    }

    private static void plansAndTenants() {
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

    private static final String WRONG_KEY = "swk_" + "0".repeat(64);

    private static Response failFrom(String... forwardedFor) {
        var request = given().auth().oauth2(WRONG_KEY);
        for (String line : forwardedFor) {
            request = request.header("X-Forwarded-For", line);
        }
        return request.get("/api/v1/customers");
    }

    private static String randomAddress(String prefix) {
        return prefix + (int) (Math.random() * 250 + 1);
    }

    @Test
    void theThirtyFirstFailedAuthenticationOfAnAddressInAMinuteIs429ButAValidKeyIsStillServed() {
        inOneWindow(MINUTE, Duration.ofSeconds(30), RateLimitTest::thirtyOneFailures);
    }

    private static void thirtyOneFailures() {
        String guesser = randomAddress("198.51.100.");
        String key = Operator.key(Operator.tenant("enterprise"), "customers.read").get("key");
        for (int i = 0; i < 30; i++) {
            failFrom(guesser).then().statusCode(401);
        }
        Response blocked = failFrom(guesser);
        blocked.then().statusCode(429).contentType("application/problem+json").body("code", equalTo("rate_limited"));
        assertThat(Long.parseLong(blocked.header("Retry-After"))).isBetween(1L, 60L);
        // the brake never refuses a credential that verifies, even from the braked address (an ingress, a NAT)
        given().header("X-Forwarded-For", guesser).auth().oauth2(key).get("/api/v1/customers").then().statusCode(200);
        given().header("X-Forwarded-For", "198.51.100.251").auth().oauth2(WRONG_KEY).get("/api/v1/customers")
                .then().statusCode(401);
    }

    @Test
    void requestsWithoutCredentialsAreNotCountedAsFailures() {
        inOneWindow(MINUTE, Duration.ofSeconds(30), RateLimitTest::fortyWithoutCredentials);
    }

    private static void fortyWithoutCredentials() {
        String shared = randomAddress("203.0.113.");
        for (int i = 0; i < 40; i++) {
            given().header("X-Forwarded-For", shared).get("/api/v1/customers").then().statusCode(401);
        }
        failFrom(shared).then().statusCode(401);
    }

    @Test
    void ipv6AddressesAreCountedByTheirSlash64() {
        inOneWindow(MINUTE, Duration.ofSeconds(30), RateLimitTest::failuresAcrossOneSlash64);
    }

    private static void failuresAcrossOneSlash64() {
        String network = "2001:db8:" + Integer.toHexString((int) (Math.random() * 60000)) + ":7:";
        for (int i = 1; i <= 30; i++) {
            failFrom(network + ":" + Integer.toHexString(i)).then().statusCode(401);
        }
        failFrom(network + ":ffff").then().statusCode(429);
        failFrom(network.replace(":7:", ":8:") + ":1").then().statusCode(401);
    }

    /** A proxy may add its hop as a line of its own: the client is read from the last line, not the first. */
    @Test
    void everyXForwardedForLineIsRead() {
        inOneWindow(MINUTE, Duration.ofSeconds(30), RateLimitTest::failuresBehindAProxy);
    }

    private static void failuresBehindAProxy() {
        String guesser = randomAddress("192.0.2.");
        for (int i = 0; i < 30; i++) {
            failFrom(randomAddress("10.9.8."), guesser).then().statusCode(401);
        }
        failFrom(randomAddress("10.9.8."), guesser).then().statusCode(429);
    }
}
