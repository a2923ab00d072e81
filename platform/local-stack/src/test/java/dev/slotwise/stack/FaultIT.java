package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.testing.WebhookReceiver;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issues 14 and 44: a steady load through the gateway (20 customer creates and 2 bookings a second, a real webhook
 * receiver subscribed to both events) while, one after the other, Kafka, customer-service, the dispatcher and
 * PostgreSQL are killed with SIGKILL and started again, and then each is restarted gracefully (SIGTERM) — the
 * dispatcher as a rollout does it, a new instance ready before the old one stops. Nothing is restarted by hand beyond
 * the process that was stopped.
 *
 * <p>Clients see 201 or a fast 503 {@code upstream_unavailable}, never a 500 and never a hang. Every event answered
 * 201 arrives as exactly one event id, each under one delivery id. And webhooks resume in seconds: an event that was
 * on its way while a component was down is late by how long it arrives after that component was ready again — at
 * most 15 s for 99 % of the events a crash held up, at most 5 s for every event of a graceful restart and for every
 * event no fault touched (during a rollout, which takes nothing away, late by how long after its commit it arrived). The timeline of each fault's events (committed → published to Kafka → enqueued → first attempt → received) is
 * printed and written to {@code target/fault-timeline.txt}.
 */
@ExtendWith(SharedStack.class)
@Timeout(1200)
class FaultIT {

    private static final Duration CUSTOMER_EVERY = Duration.ofMillis(50);
    private static final Duration BOOKING_EVERY = Duration.ofMillis(500);
    /** How long Kafka stays down after it is killed; everything else is started again at once, as `up` does. */
    private static final Duration KAFKA_DOWN_FOR = Duration.ofSeconds(6);
    private static final Duration STEADY_FOR = Duration.ofSeconds(5);
    /** Longest a 503 may take: the gateway's and the services' own bounds, well under a client's patience. */
    private static final Duration FAST = Duration.ofSeconds(5);
    private static final Duration ALL_ARRIVE_WITHIN = Duration.ofSeconds(120);
    /** After a crash: the 99th percentile of how late the events it held up arrive, after it is ready again. */
    private static final Duration CRASH_P99 = Duration.ofSeconds(15);
    /** After a graceful restart, and with no fault at all: the latest any event may arrive. */
    private static final Duration GRACEFUL_MAX = Duration.ofSeconds(5);
    /** What is being done to the stack now, for the failure messages. */
    private static volatile String phase = "steady";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * One fault: from when it began until the component was ready (or listening) again. {@code away}: the component
     * was unavailable meanwhile (not so in a rollout, where a new instance is ready before the old one stops).
     */
    private record Fault(String name, boolean crash, boolean away, Instant began, Instant ready) {
    }

    /** One event as the receiver saw it first, with when Kafka took it and the dispatcher's record of it. */
    private record Arrival(String eventId, Instant created, Instant received, Instant published, Instant enqueued,
            Instant attempted) {
    }

    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    private final Queue<String> wrongAnswers = new ConcurrentLinkedQueue<>();
    private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    private final List<Fault> faults = new ArrayList<>();

    @Test
    void faultsLoseNothingDuplicateNothingAndWebhooksResumeInSeconds() throws Exception {
        String key = createKey(createTenant("Faults", "UTC", "enterprise"), "customers.write", "customers.read",
                "appointments.write", "appointments.read", "services.write", "staff.write", "webhooks.write")
                .get("key").asText();
        String customer = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Booker\"}"));
        String service = created(call("POST", "/api/v1/services", key,
                "{\"name\":\"Trim\",\"durationMinutes\":5,\"price\":{\"amount\":900,\"currency\":\"EUR\"}}"));
        String staff = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Kim\"}"));
        Instant firstSlot = Instant.now().plus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);
        AtomicInteger slots = new AtomicInteger();

        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String endpoint = created(call("POST", "/api/webhook-endpoints", key, "{\"url\":\"" + receiver.url("/faults")
                    + "\",\"events\":[\"customer.created\",\"appointment.created\"]}"));
            Queue<String> unready = new ConcurrentLinkedQueue<>();
            ScheduledExecutorService pace = Executors.newScheduledThreadPool(1);
            ExecutorService clients = Executors.newFixedThreadPool(48);
            AtomicInteger customers = new AtomicInteger();
            pace.scheduleAtFixedRate(() -> clients.execute(() -> send(key, "/api/v1/customers",
                            "{\"firstName\":\"F" + customers.incrementAndGet() + "\"}")),
                    0, CUSTOMER_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            pace.scheduleAtFixedRate(() -> clients.execute(() -> send(key, "/api/v1/appointments",
                            "{\"customerId\":\"" + customer + "\",\"serviceId\":\"" + service + "\",\"staffId\":\"" + staff
                                    + "\",\"startsAt\":\"" + firstSlot.plus(5L * slots.getAndIncrement(), ChronoUnit.MINUTES)
                                    + "\"}")),
                    0, BOOKING_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            try {
                LocalStack stack = SharedStack.stack();
                steady();
                fault("Kafka killed", true, stack::crashKafka, () -> {
                    pause(KAFKA_DOWN_FOR.dividedBy(2));
                    everyServiceStaysReadyAndLive(stack, unready);
                    pause(KAFKA_DOWN_FOR.dividedBy(2));
                    stack.startKafka();
                });
                fault("customer-service killed", true, () -> stack.crashService("customer-service"),
                        () -> stack.startService("customer-service"));
                fault("webhook-dispatcher killed", true, () -> stack.crashService("webhook-dispatcher"),
                        () -> stack.startService("webhook-dispatcher"));
                fault("PostgreSQL killed", true, stack::crashPostgres, stack::startPostgres);
                fault("Kafka restarted", false, stack::stopKafka, stack::startKafka);
                fault("customer-service restarted", false, () -> stack.stopService("customer-service"),
                        () -> stack.startService("customer-service"));
                // the dispatcher shares its work through Kafka and the database: it is rolled as Kubernetes rolls it,
                // a new instance ready before the old one gets SIGTERM (twice, to come back on its own ports)
                rollout("webhook-dispatcher rolled", () -> stack.rollService("webhook-dispatcher"));
                fault("PostgreSQL restarted", false, stack::stopPostgres, stack::startPostgres);
            } finally {
                pace.shutdownNow();
                clients.shutdown();
                assertThat(clients.awaitTermination(30, TimeUnit.SECONDS)).as("clients done").isTrue();
            }

            // every answered customer and appointment arrives, under exactly one event id, each under one delivery id
            long deadline = System.nanoTime() + ALL_ARRIVE_WITHIN.toNanos();
            Map<String, Set<String>> eventsByResource = eventsByResource(receiver);
            while (!eventsByResource.keySet().containsAll(answered) && System.nanoTime() < deadline) {
                Thread.sleep(500);
                eventsByResource = eventsByResource(receiver);
            }
            SoftAssertions soft = new SoftAssertions();
            soft.assertThat(wrongAnswers).as("answers other than 201 or a fast 503 (statuses %s)", new TreeMap<>(statuses))
                    .isEmpty();
            soft.assertThat(unready).as("services unready or not live while only Kafka was down (the outbox absorbs it)")
                    .isEmpty();
            soft.assertThat(statuses.get(201)).as("creates answered 201").isNotNull();
            soft.assertThat(statuses.get(503)).as("a fast 503 while customer-service or PostgreSQL was down").isNotNull();
            Set<String> missing = new TreeSet<>(answered);
            missing.removeAll(eventsByResource.keySet());
            soft.assertThat(missing).as("resources answered 201 whose event never arrived (of %d)", answered.size()).isEmpty();
            soft.assertThat(eventsByResource).as("resources with more than one event id")
                    .allSatisfy((resource, events) -> assertThat(events).as(resource).hasSize(1));
            Map<String, Set<String>> deliveriesByEvent = new TreeMap<>();
            for (WebhookReceiver.Received delivery : receiver.all()) {
                deliveriesByEvent.computeIfAbsent(JSON.readTree(delivery.body()).get("id").asText(), e -> new TreeSet<>())
                        .add(delivery.header("webhook-id"));
            }
            soft.assertThat(deliveriesByEvent).as("events delivered under more than one delivery id")
                    .allSatisfy((event, deliveries) -> assertThat(deliveries).as(event).hasSize(1));
            webhooksResumeInSeconds(arrivals(receiver, endpoint), soft);
            soft.assertAll();
        }
    }

    /**
     * An event is touched by a fault when it was on its way (from its commit to its arrival) at some time between the
     * fault's beginning and a few seconds after the component was ready again; it belongs to the last fault that
     * touched it. It is late by how long it arrived after both its commit and that component's readiness.
     */
    private void webhooksResumeInSeconds(List<Arrival> arrivals, SoftAssertions soft) throws IOException {
        Map<String, List<Arrival>> byFault = new LinkedHashMap<>();
        byFault.put("no fault", new ArrayList<>());
        faults.forEach(fault -> byFault.put(fault.name(), new ArrayList<>()));
        Map<Arrival, Duration> lateness = new HashMap<>();
        StringBuilder csv = new StringBuilder("event,created,published,enqueued,attempted,received,fault\n");
        for (Arrival arrival : arrivals) {
            Fault touchedBy = faults.stream()
                    .filter(f -> arrival.received().isAfter(f.began())
                            && arrival.created().isBefore(f.ready().plus(STEADY_FOR)))
                    .max(Comparator.comparing(Fault::began)).orElse(null);
            Instant from = touchedBy == null || !touchedBy.away() || touchedBy.ready().isBefore(arrival.created())
                    ? arrival.created() : touchedBy.ready();
            Duration late = Duration.between(from, arrival.received());
            lateness.put(arrival, late.isNegative() ? Duration.ZERO : late);
            String group = touchedBy == null ? "no fault" : touchedBy.name();
            byFault.get(group).add(arrival);
            csv.append(String.join(",", arrival.eventId(), String.valueOf(arrival.created()),
                    String.valueOf(arrival.published()), String.valueOf(arrival.enqueued()), String.valueOf(arrival.attempted()),
                    String.valueOf(arrival.received()), group)).append('\n');
        }
        Files.writeString(Path.of("target", "fault-events.csv"), csv);
        StringBuilder table = new StringBuilder(String.format(
                "%-30s %6s %9s %9s %9s | p99 of: %9s %9s %9s %9s%n", "fault (ready after)", "events", "late p50",
                "late p99", "late max", "published", "enqueued", "attempted", "received"));
        List<String> tooLate = new ArrayList<>();
        for (Map.Entry<String, List<Arrival>> group : byFault.entrySet()) {
            List<Arrival> events = group.getValue();
            Fault fault = faults.stream().filter(f -> f.name().equals(group.getKey())).findFirst().orElse(null);
            String name = fault == null ? group.getKey()
                    : group.getKey() + " (" + Duration.between(fault.began(), fault.ready()).toMillis() / 100 / 10.0 + " s)";
            List<Duration> late = events.stream().map(lateness::get).sorted().toList();
            table.append(String.format("%-30s %6d %9s %9s %9s | %9s %9s %9s %9s%n", name, events.size(),
                    seconds(percentile(late, 50)), seconds(percentile(late, 99)), seconds(percentile(late, 100)),
                    seconds(stage(events, a -> Duration.between(a.created(), a.published()))),
                    seconds(stage(events, a -> Duration.between(a.published(), a.enqueued()))),
                    seconds(stage(events, a -> Duration.between(a.enqueued(), a.attempted()))),
                    seconds(stage(events, a -> Duration.between(a.attempted(), a.received())))));
            if (events.isEmpty()) {
                continue;
            }
            Duration bound = fault != null && fault.crash() ? CRASH_P99 : GRACEFUL_MAX;
            Duration measured = percentile(late, fault != null && fault.crash() ? 99 : 100);
            if (measured.compareTo(bound) > 0) {
                tooLate.add(group.getKey() + ": " + seconds(measured) + " s > " + bound.toSeconds() + " s");
            }
        }
        System.out.print(table);
        Files.writeString(Path.of("target", "fault-timeline.txt"), table);
        soft.assertThat(tooLate).as("webhooks late after a fault (lateness from the component's readiness):%n%s", table)
                .isEmpty();
    }

    private static Duration stage(List<Arrival> events, Function<Arrival, Duration> stage) {
        return percentile(events.stream()
                .filter(a -> a.published() != null && a.enqueued() != null && a.attempted() != null).map(stage)
                .sorted().toList(), 99);
    }

    private static Duration percentile(List<Duration> sorted, int percent) {
        if (sorted.isEmpty()) {
            return Duration.ZERO;
        }
        return sorted.get(Math.max(0, (int) Math.ceil(sorted.size() * percent / 100.0) - 1));
    }

    private static String seconds(Duration duration) {
        return String.format("%.2f", duration.toMillis() / 1000.0);
    }

    /** The first arrival of every event, with when the dispatcher enqueued it and first attempted it. */
    private static List<Arrival> arrivals(WebhookReceiver receiver, String endpoint) throws Exception {
        Map<String, WebhookReceiver.Received> first = new HashMap<>();
        for (WebhookReceiver.Received delivery : receiver.all()) {
            first.merge(JSON.readTree(delivery.body()).get("id").asText(), delivery,
                    (a, b) -> a.at().isBefore(b.at()) ? a : b);
        }
        Map<String, Instant[]> recorded = new HashMap<>();
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:"
                + SharedStack.port("postgresql") + "/webhooks", "postgres", SharedStack.stack().secrets().postgresPassword());
             PreparedStatement query = connection.prepareStatement("""
                     select d.event_id, d.created_at,
                            (select min(a.at) from delivery_attempts a where a.delivery_id = d.id) as attempted
                       from deliveries d where d.endpoint_id = ? and d.replay_of is null""")) {
            query.setString(1, endpoint);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    recorded.put(rows.getString(1), new Instant[] {rows.getTimestamp(2).toInstant(),
                            rows.getTimestamp(3) == null ? null : rows.getTimestamp(3).toInstant()});
                }
            }
        }
        Map<String, Instant> published = publishedAt(List.of("slotwise.customer.events", "slotwise.appointment.events"));
        List<Arrival> arrivals = new ArrayList<>();
        for (Map.Entry<String, WebhookReceiver.Received> event : first.entrySet()) {
            Instant[] stages = recorded.getOrDefault(event.getKey(), new Instant[2]);
            arrivals.add(new Arrival(event.getKey(),
                    Instant.parse(JSON.readTree(event.getValue().body()).get("createdAt").asText()),
                    event.getValue().at(), published.get(event.getKey()), stages[0], stages[1]));
        }
        return arrivals;
    }

    /** Event id → when its record was produced to Kafka (the record's timestamp), read from each topic's start. */
    private static Map<String, Instant> publishedAt(List<String> topics) throws Exception {
        Map<String, Instant> published = new HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedStack.stack().kafkaBootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName()))) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p)) && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    published.putIfAbsent(JSON.readTree(record.value()).path("id").asText(),
                            Instant.ofEpochMilli(record.timestamp()));
                }
            }
        }
        return published;
    }

    private void send(String key, String path, String body) {
        long started = System.nanoTime();
        try {
            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(SharedStack.stack().gatewayUrl() + path))
                    .timeout(Duration.ofSeconds(15))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            statuses.computeIfAbsent(answer.statusCode(), s -> new AtomicInteger()).incrementAndGet();
            JsonNode json = answer.body().isEmpty() ? null : JSON.readTree(answer.body());
            if (answer.statusCode() == 201) {
                answered.add(json.get("id").asText());
            } else if (answer.statusCode() != 503 || json == null
                    || !"upstream_unavailable".equals(json.path("code").asText()) || took.compareTo(FAST) > 0) {
                wrongAnswers.add(phase + ": " + path + " " + answer.statusCode() + " after " + took.toMillis() + " ms: "
                        + answer.body());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            wrongAnswers.add(phase + ": " + path + " no answer after "
                    + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms: " + e);
        }
    }

    /**
     * A rollout, which takes no component away: its events are late by how long they arrived after their commit, and
     * every one within {@link #GRACEFUL_MAX}.
     */
    private void rollout(String what, Runnable roll) {
        phase = what;
        Instant began = Instant.now();
        try {
            roll.run();
        } finally {
            faults.add(new Fault(what, false, false, began, Instant.now()));
        }
        phase = "steady after " + what;
        steady();
    }

    /** Causes a fault, recovers from it (which returns once the component is ready again), then lets the load run. */
    private void fault(String what, boolean crash, Runnable cause, Runnable recover) {
        phase = what;
        Instant began = Instant.now();
        cause.run();
        try {
            phase = what + ", recovering";
            recover.run();
        } finally {
            faults.add(new Fault(what, crash, true, began, Instant.now()));
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

    private static void steady() {
        pause(STEADY_FOR);
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Resource id (customer or appointment) → the event ids its created event arrived under. */
    private static Map<String, Set<String>> eventsByResource(WebhookReceiver receiver) throws Exception {
        Map<String, Set<String>> events = new TreeMap<>();
        for (WebhookReceiver.Received delivery : receiver.all()) {
            JsonNode event = JSON.readTree(delivery.body());
            events.computeIfAbsent(event.get("data").get("id").asText(), c -> new TreeSet<>()).add(event.get("id").asText());
        }
        return events;
    }
}
