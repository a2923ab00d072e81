package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.testing.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 14: a steady load of creates and a real webhook receiver while, one after the other, the Kafka broker is
 * killed -9 and restarted, customer-service is killed -9 and restarted, the dispatcher is killed -9 and restarted,
 * and PostgreSQL is restarted. Clients see 201 or a fast 503 {@code upstream_unavailable} — never a 500, never a
 * hang — and in the end every customer answered 201 arrives as exactly one event id, each event under one delivery
 * id however often it was attempted. Nothing is restarted by hand beyond the process that was killed.
 */
@ExtendWith(SharedStack.class)
@Timeout(600)
class FaultIT {

    private static final int WRITERS = 2;
    private static final Duration DOWN_FOR = Duration.ofSeconds(6);
    private static final Duration STEADY_FOR = Duration.ofSeconds(4);
    /** Longest a 503 may take: the gateway's and the services' own bounds, well under a client's patience. */
    private static final Duration FAST = Duration.ofSeconds(5);
    /** A delivery in flight when the dispatcher died is sent again once its 60 s lease is over. */
    private static final Duration ALL_ARRIVE_WITHIN = Duration.ofSeconds(150);
    /** What is being done to the stack now, for the failure messages. */
    private static volatile String phase = "steady";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void faultsLoseNothingDuplicateNothingAndClientsGetAFast503() throws Exception {
        String key = createKey(createTenant("Faults", "UTC", "enterprise"), "customers.write", "customers.read",
                "webhooks.write").get("key").asText();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            created(call("POST", "/api/webhook-endpoints", key, "{\"url\":\"" + receiver.url("/faults")
                    + "\",\"events\":[\"customer.created\"]}"));

            Set<String> answeredCustomers = ConcurrentHashMap.newKeySet();
            Queue<String> wrongAnswers = new ConcurrentLinkedQueue<>();
            Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
            AtomicBoolean running = new AtomicBoolean(true);
            Queue<String> unready = new ConcurrentLinkedQueue<>();
            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> load = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                load.add(writers.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        create(key, "W" + writer + "-" + i, answeredCustomers, wrongAnswers, statuses);
                    }
                    return null;
                }));
            }
            try {
                LocalStack stack = SharedStack.stack();
                steady();
                fault("Kafka killed", stack::crashKafka, () -> everyServiceStaysReadyAndLive(stack, unready),
                        stack::startKafka);
                fault("customer-service killed", () -> stack.crashService("customer-service"),
                        () -> stack.startService("customer-service"));
                fault("webhook-dispatcher killed", () -> stack.crashService("webhook-dispatcher"),
                        () -> stack.startService("webhook-dispatcher"));
                fault("PostgreSQL restarted", stack::stopPostgres, stack::startPostgres);
            } finally {
                running.set(false);
                for (Future<?> writer : load) {
                    writer.get();
                }
                writers.shutdownNow();
            }

            assertThat(wrongAnswers).as("answers other than 201 or a fast 503 (statuses %s)", new TreeMap<>(statuses))
                    .isEmpty();
            assertThat(unready).as("services unready or not live while only Kafka was down (the outbox absorbs it)")
                    .isEmpty();
            assertThat(statuses.get(201)).as("creates answered 201").isNotNull();
            assertThat(statuses.get(503)).as("a fast 503 while customer-service or PostgreSQL was down").isNotNull();

            // every answered customer arrives, under exactly one event id, each event under one delivery id
            long deadline = System.nanoTime() + ALL_ARRIVE_WITHIN.toNanos();
            Map<String, Set<String>> eventsByCustomer = eventsByCustomer(receiver);
            while (!eventsByCustomer.keySet().containsAll(answeredCustomers) && System.nanoTime() < deadline) {
                Thread.sleep(500);
                eventsByCustomer = eventsByCustomer(receiver);
            }
            Set<String> missing = new TreeSet<>(answeredCustomers);
            missing.removeAll(eventsByCustomer.keySet());
            assertThat(missing).as("customers answered 201 whose event never arrived (of %d)", answeredCustomers.size())
                    .isEmpty();
            assertThat(eventsByCustomer).as("customers with more than one event id")
                    .allSatisfy((customer, events) -> assertThat(events).as(customer).hasSize(1));
            Map<String, Set<String>> deliveriesByEvent = new TreeMap<>();
            for (WebhookReceiver.Received delivery : receiver.all()) {
                deliveriesByEvent.computeIfAbsent(JSON.readTree(delivery.body()).get("id").asText(), e -> new TreeSet<>())
                        .add(delivery.header("webhook-id"));
            }
            assertThat(deliveriesByEvent).as("events delivered under more than one delivery id")
                    .allSatisfy((event, deliveries) -> assertThat(deliveries).as(event).hasSize(1));
        }
    }

    private static void create(String key, String name, Set<String> answered, Queue<String> wrong,
            Map<Integer, AtomicInteger> statuses) {
        long started = System.nanoTime();
        try {
            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                            URI.create(SharedStack.stack().gatewayUrl() + "/api/v1/customers"))
                    .timeout(Duration.ofSeconds(15))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"firstName\":\"" + name + "\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            statuses.computeIfAbsent(answer.statusCode(), s -> new AtomicInteger()).incrementAndGet();
            JsonNode body = answer.body().isEmpty() ? null : JSON.readTree(answer.body());
            if (answer.statusCode() == 201) {
                answered.add(body.get("id").asText());
            } else if (answer.statusCode() != 503 || body == null
                    || !"upstream_unavailable".equals(body.path("code").asText()) || took.compareTo(FAST) > 0) {
                wrong.add(phase + ": " + answer.statusCode() + " after " + took.toMillis() + " ms: " + answer.body());
            } else {
                Thread.sleep(100); // a client backs off a little after a 503
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            wrong.add(phase + ": no answer after " + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms: " + e);
        }
    }

    private static void fault(String what, Runnable cause, Runnable recover) throws InterruptedException {
        fault(what, cause, () -> { }, recover);
    }

    /** {@code whileDown} runs in the middle of the outage, once the clients have had time to notice it. */
    private static void fault(String what, Runnable cause, Runnable whileDown, Runnable recover)
            throws InterruptedException {
        phase = what;
        cause.run();
        try {
            Thread.sleep(DOWN_FOR.toMillis() / 2);
            whileDown.run();
            Thread.sleep(DOWN_FOR.toMillis() / 2);
        } finally {
            phase = what + ", recovering";
            recover.run();
        }
        phase = "steady after " + what;
        steady();
    }

    /**
     * Readiness reflects the ability to serve requests, and liveness never a dependency: with Kafka down every
     * service still serves (writes go to the outbox, consumers resume from their offsets), so none may be taken out
     * of its Service or restarted for it (issue 18).
     */
    private static void everyServiceStaysReadyAndLive(LocalStack stack, Queue<String> unready) {
        for (Component component : stack.components()) {
            if (component.managementUrl() == null) {
                continue; // PostgreSQL, Kafka
            }
            for (String probe : List.of("/q/health/ready", "/q/health/live")) {
                try {
                    HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(component.managementUrl() + probe))
                            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                    if (answer.statusCode() != 200) {
                        unready.add(component.name() + probe + " " + answer.statusCode() + ": " + answer.body());
                    }
                } catch (Exception e) {
                    unready.add(component.name() + probe + ": " + e);
                }
            }
        }
    }

    private static void steady() throws InterruptedException {
        Thread.sleep(STEADY_FOR.toMillis());
    }

    /** Customer id → the event ids its customer.created arrived under. */
    private static Map<String, Set<String>> eventsByCustomer(WebhookReceiver receiver) throws Exception {
        Map<String, Set<String>> events = new TreeMap<>();
        for (WebhookReceiver.Received delivery : receiver.all()) {
            JsonNode event = JSON.readTree(delivery.body());
            events.computeIfAbsent(event.get("data").get("id").asText(), c -> new TreeSet<>()).add(event.get("id").asText());
        }
        return events;
    }
}
