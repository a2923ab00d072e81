package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §6 for the panel's webhook actions that make the dispatcher send: a test event, a replay and a recovery
 * are each one request of the tenant's hourly quota, counted with the API's requests; over the quota the panel shows
 * the API's 429 message on the endpoint's page and calls nothing. A free-plan tenant (100 an hour); the webhook API
 * is the echo server, which counts what reaches it.
 */
@QuarkusTest
class PanelQuotaTest {

    @TestHTTPResource("/")
    URI base;

    /** Waits for the next hour when fewer than {@code needed} remain in this one: the quota's window is the hour. */
    private static void awaitRoomInTheHour(Duration needed) throws InterruptedException {
        long left = 3600 - Instant.now().getEpochSecond() % 3600;
        if (left < needed.toSeconds()) {
            Thread.sleep(Duration.ofSeconds(left + 1).toMillis());
        }
    }

    private static int echoed(String method, String path) {
        return EchoUpstream.get().requests(method, path);
    }

    @Test
    void aTestEventAReplayAndARecoveryCountLikeApiCallsAndOverTheQuotaAreRefusedAndDoNothing() throws Exception {
        awaitRoomInTheHour(Duration.ofMinutes(3));
        long hour = Instant.now().getEpochSecond() / 3600;
        String tenant = Operator.tenant("free");
        String email = "owner-" + UUID.randomUUID() + "@free.example";
        operator().body(Map.of("email", email, "password", SignInForms.PASSWORD))
                .post("/admin/v1/tenants/" + tenant + "/users").then().statusCode(201);
        String key = Operator.key(tenant, "customers.read").get("key");
        String cookie = SignInForms.open(base).session(email, SignInForms.address());
        String endpoint = "we_quota" + UUID.randomUUID().toString().replace("-", "");
        String page = "/panel/webhooks/" + endpoint;
        HttpResponse<String> endpointPage = SignInForms.get(base, page, cookie);
        assertThat(endpointPage.statusCode()).as(endpointPage.body()).isEqualTo(200);
        String csrf = SignInForms.csrfToken(endpointPage);
        String api = "/api/webhook-endpoints/" + endpoint;
        String delivery = UUID.randomUUID().toString();
        Map<String, Map<String, String>> actions = Map.of(
                "/ping", Map.of("csrf_token", csrf),
                "/deliveries/" + delivery + "/replay", Map.of("csrf_token", csrf),
                "/recover", Map.of("csrf_token", csrf, "since", Instant.now().minus(Duration.ofHours(1)).toString()));

        for (int i = 1; i <= 97; i++) {
            given().auth().oauth2(key).get("/api/v1/customers").then().statusCode(200);
        }
        for (Map.Entry<String, Map<String, String>> action : actions.entrySet()) {
            HttpResponse<String> done = SignInForms.postForm(base, page + action.getKey(), cookie, action.getValue());
            assertThat(done.statusCode()).as(action.getKey() + ": " + done.body()).isEqualTo(303);
            assertThat(echoed("POST", api + action.getKey())).as(action.getKey()).isEqualTo(1);
        }
        String refusal = given().auth().oauth2(key).get("/api/v1/customers").then().statusCode(429)
                .extract().path("detail");
        assertThat(refusal).as("the panel's three actions counted: the 101st request of the hour")
                .startsWith("the hourly quota of 100 requests is used up");

        for (Map.Entry<String, Map<String, String>> action : actions.entrySet()) {
            HttpResponse<String> refused = SignInForms.postForm(base, page + action.getKey(), cookie, action.getValue());
            assertThat(refused.statusCode()).as(action.getKey() + ": " + refused.body()).isEqualTo(429);
            assertThat(refused.body()).contains("the hourly quota of 100 requests is used up; it renews in")
                    .contains("role=\"alert\"");
            assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 3600L);
            assertThat(echoed("POST", api + action.getKey())).as("nothing sent for " + action.getKey()).isEqualTo(1);
        }
        assertThat(Instant.now().getEpochSecond() / 3600).as("all in one hour's window").isEqualTo(hour);
    }
}
