package dev.slotwise.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.testing.ClockWindows;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two gateway instances (the packaged jar, as two processes) sharing one real Redis server and one PostgreSQL, as
 * replicas behind a load balancer: together they never admit more than a tenant's quota, and a key revoked through
 * one is refused by the other within a second, also while Redis pauses. When Redis stops, both keep serving and each
 * counts on its own.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GatewayReplicasIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final String ADMIN = "replicas-operator-token-0123456789";
    private static GatewayCluster gateways;

    @BeforeAll
    static void start() {
        gateways = GatewayCluster.start(2, ADMIN, "gateway");
    }

    @AfterAll
    static void stop() {
        if (gateways != null) {
            gateways.close();
        }
    }

    private static HttpResponse<String> call(int gateway, String method, String path, String token, String body)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateways.url(gateway) + path))
                .timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer " + token)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode created(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body());
    }

    private static String freeTenantKey() throws Exception {
        String tenant = created(call(0, "POST", "/admin/v1/tenants", ADMIN, "{\"name\":\"Replicas\",\"plan\":\"free\"}"))
                .get("id").asText();
        return created(call(1, "POST", "/admin/v1/tenants/" + tenant + "/api-keys", ADMIN,
                "{\"name\":\"load\",\"scopes\":[\"customers.read\"]}")).get("key").asText();
    }

    @Test
    void twoInstancesUnderConcurrentLoadNeverAdmitMoreThanTheQuota() throws Exception {
        assertThat(burst(null)).isEqualTo(100);
    }

    /**
     * Issue 34: Redis that pauses (here for 700 ms, twice, during the burst: as a busy Redis, or a gateway in a GC pause,
     * answers late) is not an outage. Each instance waits for its count and admits exactly what the shared count allows;
     * before, one answer later than 250 ms sent an instance to a fresh counter in its memory, and together they admitted
     * 101 of 100.
     */
    @Test
    void aRedisThatPausesDuringTheBurstStillLetsThemAdmitExactlyTheQuota() throws Exception {
        assertThat(burst(List.of(40, 160))).isEqualTo(100);
    }

    /**
     * 300 concurrent requests of a new free tenant spread over both instances; answers how many were admitted. With
     * {@code pauseAfter}, Redis is paused for 700 ms once that many requests have been sent.
     */
    private static long burst(List<Integer> pauseAfter) throws Exception {
        // the run takes seconds; started within a minute of the hour's turn, it waits for the new hour first, so that
        // one window's quota is all there is (never a pass by skipping the assertions)
        long hour = ClockWindows.awaitRoom(Duration.ofHours(1), Duration.ofMinutes(1));
        String key = freeTenantKey();
        ExecutorService load = Executors.newFixedThreadPool(16);
        List<Integer> statuses = new ArrayList<>();
        AtomicInteger sent = new AtomicInteger();
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                int gateway = i % 2;
                calls.add(() -> {
                    int number = sent.incrementAndGet();
                    if (pauseAfter != null && pauseAfter.contains(number)) {
                        gateways.pauseRedis(Duration.ofMillis(700));
                    }
                    return call(gateway, "GET", "/api/v1/customers", key, null).statusCode();
                });
            }
            for (Future<Integer> status : load.invokeAll(calls)) {
                statuses.add(status.get());
            }
        } finally {
            load.shutdownNow();
        }
        assertThat(ClockWindows.current(Duration.ofHours(1))).as("the run fitted in one hour's window").isEqualTo(hour);
        assertThat(statuses).containsOnly(200, 429);
        return statuses.stream().filter(s -> s == 200).count();
    }

    /**
     * Issue 42: an instance claims quota counts from Redis in blocks and hands them out from memory. Counts it holds
     * and does not use go back after the lease hold (1 s), so another instance can still use the whole quota.
     */
    @Test
    void countsOneInstanceHoldsUnusedGoBackSoTheOtherCanUseTheWholeQuota() throws Exception {
        long hour = ClockWindows.awaitRoom(Duration.ofHours(1), Duration.ofMinutes(1));
        String tenant = created(call(0, "POST", "/admin/v1/tenants", ADMIN, "{\"name\":\"Leases\",\"plan\":\"free\"}"))
                .get("id").asText();
        String key = created(call(1, "POST", "/admin/v1/tenants/" + tenant + "/api-keys", ADMIN,
                "{\"name\":\"load\",\"scopes\":[\"customers.read\"]}")).get("key").asText();
        String counter = "slotwise:rate:" + tenant + ":" + hour * 3600;
        List<String> remaining = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> answer = call(0, "GET", "/api/v1/customers", key, null);
            assertThat(answer.statusCode()).isEqualTo(200);
            remaining.add(answer.headers().firstValue("X-RateLimit-Remaining").orElseThrow());
        }
        assertThat(remaining).containsExactly("99", "98", "97");
        assertThat(gateways.redisCount(counter)).as("one claim of a sixteenth of 100").isEqualTo(6);
        Thread.sleep(2500); // the hold, and the sweep that gives back what was held longer
        assertThat(gateways.redisCount(counter)).as("the 3 unused given back").isEqualTo(3);
        long admitted = 0;
        for (int i = 0; i < 120; i++) {
            admitted += call(1, "GET", "/api/v1/customers", key, null).statusCode() == 200 ? 1 : 0;
        }
        assertThat(ClockWindows.current(Duration.ofHours(1))).as("the run fitted in one hour's window").isEqualTo(hour);
        assertThat(admitted).isEqualTo(97);
        assertThat(gateways.redisCount(counter)).as("refusals add nothing past the limit").isEqualTo(100);
    }

    @Test
    void aKeyRevokedThroughOneInstanceIsRefusedByTheOtherWithinASecond() throws Exception {
        String tenant = created(call(0, "POST", "/admin/v1/tenants", ADMIN, "{\"name\":\"Revoke\",\"plan\":\"pro\"}"))
                .get("id").asText();
        JsonNode key = created(call(0, "POST", "/admin/v1/tenants/" + tenant + "/api-keys", ADMIN,
                "{\"name\":\"soon revoked\",\"scopes\":[\"customers.read\"]}"));
        String secret = key.get("key").asText();
        assertThat(call(1, "GET", "/api/v1/customers", secret, null).statusCode()).isEqualTo(200);

        assertThat(call(0, "DELETE", "/admin/v1/tenants/" + tenant + "/api-keys/" + key.get("id").asText(), ADMIN, null)
                .statusCode()).isEqualTo(204);
        long revoked = System.nanoTime();
        int status;
        do {
            status = call(1, "GET", "/api/v1/customers", secret, null).statusCode();
        } while (status == 200 && System.nanoTime() - revoked < Duration.ofSeconds(3).toNanos());
        long tookMillis = (System.nanoTime() - revoked) / 1_000_000;

        assertThat(status).isEqualTo(401);
        assertThat(tookMillis).isLessThanOrEqualTo(1000);
    }

    /**
     * The policy for a Redis outage (docs/decisions): requests are served, promptly, and quotas are counted by each
     * instance in its own memory until Redis answers again. Last, since it stops Redis.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void whenRedisStopsEachInstanceServesAndCountsOnItsOwn() throws Exception {
        String key = freeTenantKey();
        List<Integer> statuses = new ArrayList<>();
        gateways.withoutRedis(() -> {
            for (int i = 0; i < 240; i++) {
                long started = System.nanoTime();
                HttpResponse<String> answer = call(i % 2, "GET", "/api/v1/customers", key, null);
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
                assertThat(answer.headers().firstValue("X-RateLimit-Limit")).contains("100");
                statuses.add(answer.statusCode());
            }
            assertThat(call(0, "GET", "/api/v1/customers", "swk_" + "0".repeat(64), null).statusCode()).isEqualTo(401);
        });
        assertThat(statuses).containsOnly(200, 429);
        // each instance enforces the quota on its own: at most one quota each, whatever they counted before Redis went
        assertThat(statuses.stream().filter(s -> s == 200).count()).isBetween(100L, 200L);
    }
}
