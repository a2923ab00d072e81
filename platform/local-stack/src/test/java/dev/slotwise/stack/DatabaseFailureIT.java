package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.stack.StackApi.Answer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 23, findings 2 and 3: PostgreSQL goes away under the running stack and comes back. Readiness follows it,
 * and no write that was answered is lost, even when PostgreSQL is killed rather than stopped.
 */
@ExtendWith(SharedStack.class)
class DatabaseFailureIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final List<String> SERVICES = List.of("api-gateway", "customer-service", "appointment-service",
            "catalog-staff-service", "pos-payment-service", "webhook-dispatcher");
    /** How long after the database is back every service must be ready again. */
    private static final Duration READY_AGAIN_WITHIN = Duration.ofSeconds(15);
    private static final Duration DOWN_FOR = Duration.ofSeconds(12);

    @Test
    void readinessFollowsTheDatabaseDownAndUpAgain() throws Exception {
        assertThat(readiness()).as("before").containsOnlyKeys(SERVICES).allSatisfy((service, status) ->
                assertThat(status).as(service).isEqualTo(200));
        SharedStack.stack().stopPostgres();
        try {
            Map<String, Integer> down = awaitReadiness(s -> s == 503, Duration.ofSeconds(30));
            assertThat(down).as("readiness while PostgreSQL is down").allSatisfy((service, status) ->
                    assertThat(status).as(service).isEqualTo(503));
            // down for longer than the pools' background validation runs, as a failover is
            Thread.sleep(DOWN_FOR.toMillis());
        } finally {
            SharedStack.stack().startPostgres();
        }
        Map<String, Integer> up = awaitReadiness(s -> s == 200, READY_AGAIN_WITHIN);
        assertThat(up).as("readiness %s after PostgreSQL is back", READY_AGAIN_WITHIN).allSatisfy((service, status) ->
                assertThat(status).as(service).isEqualTo(200));
    }

    @Test
    void noAnsweredWriteIsLostWhenPostgresqlIsKilledUnderLoad() throws Exception {
        String tenant = createTenant("Crash", "UTC", "enterprise");
        String key = createKey(tenant, "customers.read", "customers.write").get("key").asText();
        Queue<String> answered = new ConcurrentLinkedQueue<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService writers = Executors.newFixedThreadPool(4);
        List<Future<?>> running = new ArrayList<>();
        try {
            for (int w = 0; w < 4; w++) {
                int writer = w;
                running.add(writers.submit(() -> {
                    for (int i = 0; writing.get(); i++) {
                        Answer answer = call("POST", "/api/v1/customers", key,
                                "{\"firstName\":\"Writer " + writer + "\",\"lastName\":\"No " + i + "\"}");
                        if (answer.status() == 201) {
                            answered.add(answer.body().get("id").asText());
                        }
                    }
                    return null;
                }));
            }
            awaitAtLeast(answered, 50, Duration.ofSeconds(60));
            SharedStack.stack().crashPostgres();
            Thread.sleep(DOWN_FOR.toMillis());
            writing.set(false);
            for (Future<?> writer : running) {
                writer.get();
            }
        } finally {
            writing.set(false);
            writers.shutdownNow();
            SharedStack.stack().startPostgres();
        }
        assertThat(awaitReadiness(s -> s == 200, READY_AGAIN_WITHIN)).as("readiness after the crash")
                .allSatisfy((service, status) -> assertThat(status).as(service).isEqualTo(200));

        List<String> lost = new ArrayList<>();
        for (String id : answered) {
            if (call("GET", "/api/v1/customers/" + id, key, null).status() != 200) {
                lost.add(id);
            }
        }
        assertThat(lost).as("customers answered 201 of %d", answered.size()).isEmpty();
    }

    private static void awaitAtLeast(Queue<String> answered, int count, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (answered.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(answered.size()).as("writes answered before the crash").isGreaterThanOrEqualTo(count);
    }

    /** Polls every service's readiness until each answers what {@code wanted} accepts, or the time is up. */
    private static Map<String, Integer> awaitReadiness(IntPredicate wanted, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        Map<String, Integer> statuses = readiness();
        while (!statuses.values().stream().allMatch(wanted::test) && System.nanoTime() < deadline) {
            Thread.sleep(250);
            statuses = readiness();
        }
        return statuses;
    }

    private static Map<String, Integer> readiness() throws InterruptedException {
        Map<String, Integer> statuses = new TreeMap<>();
        for (String service : SERVICES) {
            HttpRequest request = HttpRequest.newBuilder(
                    URI.create(SharedStack.managementUrl(service) + "/q/health/ready"))
                    .timeout(Duration.ofSeconds(5)).build();
            int status;
            try {
                status = HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException e) {
                status = -1;
            }
            statuses.put(service, status);
        }
        return statuses;
    }
}
