package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Idempotency-Key (CONTRACT §2): a retried POST runs once, whatever the timing. */
@QuarkusTest
class IdempotencyTest {

    private String tenant;
    private String key;

    @BeforeEach
    void tenantWithAKey() {
        tenant = Operator.tenant("enterprise");
        key = Operator.key(tenant, "customers.write").get("key");
    }

    private RequestSpecification post(String idempotencyKey, String marker) {
        return given().auth().oauth2(key).contentType("application/json")
                .header("Idempotency-Key", idempotencyKey).header("X-Test-Marker", marker);
    }

    @Test
    void aRepeatedPostReplaysTheFirstAnswerAndRunsOnce() {
        String idempotencyKey = UUID.randomUUID().toString();
        String marker = "replay-" + idempotencyKey;
        Response first = post(idempotencyKey, marker).body("{\"firstName\":\"Ada\"}").post("/api/v1/customers");
        first.then().statusCode(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();

        Response again = post(idempotencyKey, marker).body("{\"firstName\":\"Ada\"}").post("/api/v1/customers");
        again.then().statusCode(201).header("Idempotent-Replayed", "true").header("Content-Type", "application/json");
        assertThat(again.body().asString()).isEqualTo(first.body().asString());
        assertThat(again.header("X-Request-Id")).isNotEqualTo(first.header("X-Request-Id"));
        assertThat(EchoUpstream.get().hits(marker)).isEqualTo(1);

        // the same key of another tenant is another key
        given().auth().oauth2(Operator.key(Operator.tenant("enterprise"), "customers.write").get("key"))
                .contentType("application/json").header("Idempotency-Key", idempotencyKey).header("X-Test-Marker", marker)
                .body("{\"firstName\":\"Ada\"}").post("/api/v1/customers").then().statusCode(201);
        assertThat(EchoUpstream.get().hits(marker)).isEqualTo(2);
    }

    @Test
    void theSameKeyWithAnotherBodyIs422() {
        String idempotencyKey = UUID.randomUUID().toString();
        post(idempotencyKey, "m").body("{\"firstName\":\"Ada\"}").post("/api/v1/customers").then().statusCode(201);
        post(idempotencyKey, "m").body("{\"firstName\":\"Grace\"}").post("/api/v1/customers")
                .then().statusCode(422).body("code", equalTo("idempotency_key_reused"));
        post("", "m").body("{}").post("/api/v1/customers").then().statusCode(400);
        post("k".repeat(256), "m").body("{}").post("/api/v1/customers").then().statusCode(400);
    }

    @Test
    void theSameKeyWhileTheFirstRunsIs409AndAfterwardsAReplay() throws Exception {
        String idempotencyKey = UUID.randomUUID().toString();
        String marker = "slow-" + idempotencyKey;
        CompletableFuture<Response> slow = CompletableFuture.supplyAsync(() -> post(idempotencyKey, marker)
                .header("X-Echo-Delay-Ms", "1500").body("{\"firstName\":\"Slow\"}").post("/api/v1/customers"));
        // the first request is at the service (which holds it 1.5 s) before the second is sent
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (EchoUpstream.get().hits(marker) == 0) {
            assertThat(System.nanoTime()).as("the first request reached the service").isLessThan(deadline);
            Thread.onSpinWait();
        }
        post(idempotencyKey, marker).header("X-Echo-Delay-Ms", "1500").body("{\"firstName\":\"Slow\"}")
                .post("/api/v1/customers").then().statusCode(409).body("code", equalTo("idempotency_key_in_use"));
        slow.get().then().statusCode(201);
        post(idempotencyKey, marker).header("X-Echo-Delay-Ms", "1500").body("{\"firstName\":\"Slow\"}")
                .post("/api/v1/customers").then().statusCode(201).header("Idempotent-Replayed", "true");
        assertThat(EchoUpstream.get().hits(marker)).isEqualTo(1);
    }

    @Test
    void racingRequestsWithOneKeyRunOnce() throws Exception {
        String idempotencyKey = UUID.randomUUID().toString();
        String marker = "race-" + idempotencyKey;
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                calls.add(() -> post(idempotencyKey, marker).header("X-Echo-Delay-Ms", "200")
                        .body("{\"firstName\":\"Race\"}").post("/api/v1/customers").statusCode());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> status : pool.invokeAll(calls)) {
                statuses.add(status.get());
            }
            assertThat(statuses).containsOnly(201, 409).contains(201);
        } finally {
            pool.shutdownNow();
        }
        assertThat(EchoUpstream.get().hits(marker)).isEqualTo(1);
    }

    @Test
    void aFailedForwardReleasesTheKey() {
        String appointmentsKey = Operator.key(tenant, "appointments.write").get("key");
        String idempotencyKey = UUID.randomUUID().toString();
        for (int i = 0; i < 2; i++) {
            Response unavailable = given().auth().oauth2(appointmentsKey).contentType("application/json")
                    .header("Idempotency-Key", idempotencyKey).body("{}").post("/api/v1/appointments");
            unavailable.then().statusCode(503).body("code", equalTo("upstream_unavailable"));
            assertThat(unavailable.header("Idempotent-Replayed")).as("attempt %d was tried, not replayed", i + 1).isNull();
        }
    }

    /**
     * A server error is not a result to keep for 24 hours: the retry runs again (and its answer is the one kept).
     * Stripe's v1 API replays a stored 500; here a 5xx means the service's transaction did not commit or the outcome
     * is unknown, so the retry is what the client needs.
     */
    @Test
    void aServerErrorIsNotStoredAndTheRetryRunsAgain() {
        for (int status : new int[] {500, 503}) {
            String idempotencyKey = UUID.randomUUID().toString();
            String marker = "server-error-" + idempotencyKey;
            post(idempotencyKey, marker).header("X-Echo-Status", status).body("{\"firstName\":\"Ada\"}")
                    .post("/api/v1/customers").then().statusCode(status);

            Response retried = post(idempotencyKey, marker).body("{\"firstName\":\"Ada\"}").post("/api/v1/customers");
            retried.then().statusCode(201);
            assertThat(retried.header("Idempotent-Replayed")).as("after a %d", status).isNull();
            assertThat(EchoUpstream.get().hits(marker)).as("the retry after a %d reached the service", status).isEqualTo(2);

            post(idempotencyKey, marker).body("{\"firstName\":\"Ada\"}").post("/api/v1/customers")
                    .then().statusCode(201).header("Idempotent-Replayed", "true");
            assertThat(EchoUpstream.get().hits(marker)).isEqualTo(2);
        }
    }

    /** A client error is the request's answer: it is kept and replayed like a success. */
    @Test
    void aClientErrorIsStoredAndReplayed() {
        String idempotencyKey = UUID.randomUUID().toString();
        String marker = "client-error-" + idempotencyKey;
        post(idempotencyKey, marker).header("X-Echo-Status", 409).body("{\"firstName\":\"Ada\"}")
                .post("/api/v1/customers").then().statusCode(409);
        post(idempotencyKey, marker).body("{\"firstName\":\"Ada\"}").post("/api/v1/customers")
                .then().statusCode(409).header("Idempotent-Replayed", "true");
        assertThat(EchoUpstream.get().hits(marker)).isEqualTo(1);
    }

    /**
     * Keys belong to the credential that sent them, not to the whole tenant: another application of the same
     * business that happens to send the same key and body runs its own request and never reads the first one's
     * answer; each credential gets its own replay.
     */
    @Test
    void anotherCredentialOfTheTenantWithTheSameKeyRunsItsOwnRequest() {
        String other = Operator.key(tenant, "customers.write").get("key");
        String idempotencyKey = UUID.randomUUID().toString();
        String marker = "per-credential-" + idempotencyKey;
        String body = "{\"firstName\":\"Ada\"}";
        Response first = post(idempotencyKey, marker).body(body).post("/api/v1/customers");
        first.then().statusCode(201);

        Response byOther = given().auth().oauth2(other).contentType("application/json")
                .header("Idempotency-Key", idempotencyKey).header("X-Test-Marker", marker)
                .body(body).post("/api/v1/customers");
        byOther.then().statusCode(201);
        assertThat(byOther.header("Idempotent-Replayed")).as("not the first credential's answer").isNull();
        assertThat(EchoUpstream.get().hits(marker)).isEqualTo(2);

        post(idempotencyKey, marker).body(body).post("/api/v1/customers")
                .then().statusCode(201).header("Idempotent-Replayed", "true");
        given().auth().oauth2(other).contentType("application/json").header("Idempotency-Key", idempotencyKey)
                .header("X-Test-Marker", marker).body(body).post("/api/v1/customers")
                .then().statusCode(201).header("Idempotent-Replayed", "true");
        assertThat(EchoUpstream.get().hits(marker)).as("each credential ran the request once").isEqualTo(2);

        // another body under the same key is a misuse only within the credential that used the key
        given().auth().oauth2(other).contentType("application/json").header("Idempotency-Key", idempotencyKey)
                .body("{\"firstName\":\"Grace\"}").post("/api/v1/customers")
                .then().statusCode(422).body("code", equalTo("idempotency_key_reused"));
    }
}
