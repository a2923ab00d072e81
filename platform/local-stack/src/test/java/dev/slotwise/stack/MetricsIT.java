package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.stack.StackApi.Answer;
import dev.slotwise.testing.ClockWindows;
import dev.slotwise.testing.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The metrics an operator pages on (issue 19), read from each service's management port as Prometheus does: after a
 * known workload through the gateway the counters moved by what it did, an outbox backlog built up while Kafka was
 * away drains to 0, and no label carries a tenant id, an id or a raw path.
 */
@ExtendWith(SharedStack.class)
@Timeout(value = 4, unit = java.util.concurrent.TimeUnit.MINUTES)
class MetricsIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String REQUESTS = "http_server_requests_seconds_count";
    private static final Pattern METRIC = Pattern.compile(
            "\\b(?:slotwise|http_server|kafka_consumer|ft|jvm|sql_pool|process)_[a-z0-9_]+");
    /** Our ids (prefix + ULID), UUIDs, or any run of digits long enough to be an id. */
    private static final Pattern ID = Pattern.compile(
            "[a-z]{2,5}_[0-9a-z]{20,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|/\\d{3,}");

    @Test
    void aKnownWorkloadMovesTheCountersByWhatItDid() throws Exception {
        String tenant = createTenant("Metrics IT");
        String key = createKey(tenant, "customers.read", "customers.write", "webhooks.write").get("key").asText();
        Answer small = call("POST", "/admin/v1/tenants", SharedStack.stack().adminToken(),
                "{\"name\":\"Metrics IT free\",\"plan\":\"free\",\"rateLimitPerHour\":1}");
        String smallTenant = small.body().get("id").asText();
        String smallKey = createKey(smallTenant, "customers.read").get("key").asText();
        List<String> ids = new ArrayList<>(List.of(tenant, smallTenant));

        try (WebhookReceiver healthy = WebhookReceiver.start(); WebhookReceiver broken = WebhookReceiver.start()) {
            broken.answer(500, 500, 500, 500, 500, 500, 500, 500, 500, 500);
            ids.add(created(call("POST", "/api/webhook-endpoints", key,
                    "{\"url\":\"" + healthy.url("/hooks") + "\",\"events\":[\"customer.created\"]}")));
            ids.add(created(call("POST", "/api/webhook-endpoints", key,
                    "{\"url\":\"" + broken.url("/hooks") + "\",\"events\":[\"customer.updated\"]}")));
            Map<String, PrometheusScrape> before = scrapeEveryService();

            for (int i = 0; i < 3; i++) {
                ids.add(created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Metric " + i + "\"}")));
            }
            String customer = ids.get(ids.size() - 1);
            for (int i = 0; i < 2; i++) {
                assertThat(call("GET", "/api/v1/customers/" + customer, key, null).status()).isEqualTo(200);
            }
            assertThat(call("PATCH", "/api/v1/customers/" + customer, key, "{\"lastName\":\"Updated\"}").status())
                    .isEqualTo(200);
            // the small tenant's quota is one request an hour: both requests must fall in one hour's window
            long hour = ClockWindows.awaitRoom(Duration.ofHours(1), Duration.ofSeconds(30));
            assertThat(call("GET", "/api/v1/customers", smallKey, null).status()).isEqualTo(200);
            assertThat(call("GET", "/api/v1/customers", smallKey, null).status()).isEqualTo(429);
            assertThat(ClockWindows.current(Duration.ofHours(1))).as("both in one hour's window").isEqualTo(hour);
            assertThat(call("GET", "/api/v1/customers/" + customer, null, null).status()).isEqualTo(401);

            healthy.await(hook -> hook.body().contains("\"firstName\":\"Metric "), 3, Duration.ofSeconds(30));
            // the update's delivery fails seven times a second apart (the stack's retry schedule), then for good
            broken.await(hook -> true, 7, Duration.ofSeconds(60));
            Map<String, PrometheusScrape> after = awaitScrape(scrapes ->
                    delta(before, scrapes, "webhook-dispatcher", "slotwise_webhook_attempts_total", Map.of("outcome", "5xx")) >= 7
                            && delta(before, scrapes, "webhook-dispatcher", "slotwise_webhook_deliveries_failed_total", Map.of()) >= 1
                            && delta(before, scrapes, "webhook-dispatcher", "slotwise_webhook_endpoints_paused", Map.of()) >= 1);

            for (String side : List.of("api-gateway", "customer-service")) {
                assertThat(delta(before, after, side, REQUESTS,
                        Map.of("method", "POST", "uri", "/api/v1/customers", "status", "201")))
                        .as(side + ": customers created").isEqualTo(3);
                assertThat(delta(before, after, side, REQUESTS,
                        Map.of("method", "GET", "uri", "/api/v1/customers/{id}", "status", "200")))
                        .as(side + ": customers read").isEqualTo(2);
                assertThat(delta(before, after, side, REQUESTS,
                        Map.of("method", "PATCH", "uri", "/api/v1/customers/{id}", "status", "200")))
                        .as(side + ": customers changed").isEqualTo(1);
            }
            assertThat(delta(before, after, "api-gateway", REQUESTS,
                    Map.of("method", "GET", "uri", "/api/v1/customers", "status", "429"))).isEqualTo(1);
            assertThat(delta(before, after, "api-gateway", "slotwise_gateway_rate_limited_total", Map.of("plan", "free")))
                    .isEqualTo(1);
            assertThat(delta(before, after, "api-gateway", "slotwise_gateway_authentication_failures_total",
                    Map.of("reason", "missing"))).isEqualTo(1);
            // the service saw none of what the gateway refused
            assertThat(delta(before, after, "customer-service", REQUESTS, Map.of("status", "429"))).isZero();
            assertThat(delta(before, after, "customer-service", REQUESTS, Map.of("status", "401"))).isZero();

            assertThat(delta(before, after, "webhook-dispatcher", "slotwise_webhook_attempts_total",
                    Map.of("outcome", "2xx"))).isGreaterThanOrEqualTo(3);
            assertThat(delta(before, after, "webhook-dispatcher", "slotwise_webhook_attempts_total",
                    Map.of("outcome", "5xx"))).isGreaterThanOrEqualTo(7);
            assertThat(delta(before, after, "webhook-dispatcher", "slotwise_webhook_delivery_latency_seconds_count",
                    Map.of())).isGreaterThanOrEqualTo(3);
            assertThat(after.get("webhook-dispatcher").value("slotwise_webhook_delivery_latency_seconds_bucket",
                    Map.of("le", "+Inf"))).isEqualTo(after.get("webhook-dispatcher")
                    .value("slotwise_webhook_delivery_latency_seconds_count"));

            noLabelCarriesAnIdOrARawPath(after, ids, List.of(key, smallKey));
        }
    }

    @Test
    void anOutboxBacklogBuiltWhileKafkaIsAwayDrainsToZero() throws Exception {
        String key = createKey(createTenant("Metrics IT outbox"), "customers.write").get("key").asText();
        LocalStack stack = SharedStack.stack();
        stack.crashKafka();
        try {
            for (int i = 0; i < 3; i++) {
                created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Waiting " + i + "\"}"));
            }
            Map<String, PrometheusScrape> waiting = awaitScrape(scrapes ->
                    scrapes.get("customer-service").value("slotwise_outbox_backlog_rows") >= 3
                            && scrapes.get("customer-service").value("slotwise_outbox_oldest_age_seconds") > 0);
            assertThat(waiting.get("customer-service").value("slotwise_outbox_backlog_rows")).isGreaterThanOrEqualTo(3);
        } finally {
            stack.startKafka();
        }
        Map<String, PrometheusScrape> drained = awaitScrape(scrapes ->
                scrapes.get("customer-service").value("slotwise_outbox_backlog_rows") == 0);
        assertThat(drained.get("customer-service").value("slotwise_outbox_oldest_age_seconds")).isZero();
    }

    @Test
    void metricsAndHealthAreOnTheManagementPortOnly() throws Exception {
        for (String path : List.of("/q/metrics", "/q/health/ready", "/q/health")) {
            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                    URI.create(SharedStack.stack().gatewayUrl() + path)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as("public " + path).isEqualTo(404);
            assertThat(answer.body()).doesNotContain("jvm_").doesNotContain("UP");
        }
        for (String service : LocalStack.ALL_SERVICES) {
            PrometheusScrape scrape = PrometheusScrape.of(SharedStack.metricsUrl(service));
            assertThat(scrape.has("jvm_memory_used_bytes")).as(service).isTrue();
            HttpResponse<String> ready = HTTP.send(HttpRequest.newBuilder(
                    URI.create(SharedStack.managementUrl(service) + "/q/health/ready")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ready.statusCode()).as(service + " readiness").isEqualTo(200);
        }
    }

    /**
     * The alerts (k8s PrometheusRule) and the Grafana dashboard name only metrics the services serve: a renamed metric
     * would otherwise leave an alert that can never fire.
     */
    @Test
    void everyMetricTheAlertsAndTheDashboardUseIsServed() throws Exception {
        // a lookup through a circuit breaker, so that appointment-service has registered its breakers' figures
        String key = createKey(createTenant("Metrics IT lookups"), "services.write", "appointments.read")
                .get("key").asText();
        String service = created(call("POST", "/api/v1/services", key,
                "{\"name\":\"Cut\",\"durationMinutes\":30,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}"));
        assertThat(call("GET", "/api/v1/availability?serviceId=" + service
                + "&from=2030-01-07T00:00:00Z&to=2030-01-08T00:00:00Z", key, null).status()).isEqualTo(200);

        Path home = Path.of(System.getProperty("slotwise.home", "../..")).toAbsolutePath().normalize();
        Set<String> used = new TreeSet<>();
        // the services' alerts, notification-service's among them (the databases' alerts name CloudNativePG's metrics)
        for (Path file : List.of(home.resolve("k8s/components/monitoring/alerts.yaml"),
                home.resolve("docs/grafana/slotwise.json"))) {
            Matcher metric = METRIC.matcher(Files.readString(file));
            while (metric.find()) {
                used.add(metric.group());
            }
        }
        assertThat(used).as("metrics named by the alerts and the dashboard").hasSizeGreaterThan(15);
        Map<String, PrometheusScrape> scrapes = scrapeEveryService();
        assertThat(used.stream().filter(name -> scrapes.values().stream().noneMatch(scrape -> scrape.has(name))))
                .as("named by an alert or the dashboard but served by no service").isEmpty();
    }

    private static void noLabelCarriesAnIdOrARawPath(Map<String, PrometheusScrape> scrapes, List<String> ids,
            List<String> secrets) {
        List<String> offending = new ArrayList<>();
        scrapes.forEach((service, scrape) -> scrape.samples().forEach(sample -> sample.labels().forEach((label, value) -> {
            boolean leaks = value.length() > 200 || ID.matcher(value).find() || ids.stream().anyMatch(value::contains)
                    || secrets.stream().anyMatch(value::contains)
                    || label.toLowerCase().contains("tenant") || label.equalsIgnoreCase("path");
            if (leaks) {
                offending.add(service + " " + sample.name() + " " + label + "="
                        + (value.length() > 300 ? value.substring(0, 300) + "… (" + value.length() + " characters)" : value));
            }
        })));
        assertThat(offending).as("labels naming a tenant, an id or a raw path").isEmpty();
    }

    private static Map<String, PrometheusScrape> scrapeEveryService() throws Exception {
        Map<String, PrometheusScrape> scrapes = new TreeMap<>();
        for (String service : LocalStack.ALL_SERVICES) {
            scrapes.put(service, PrometheusScrape.of(SharedStack.metricsUrl(service)));
        }
        return scrapes;
    }

    /** Scrapes every service until {@code done} holds of the scrapes (the polled figures move every few seconds). */
    private static Map<String, PrometheusScrape> awaitScrape(Condition done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Map<String, PrometheusScrape> scrapes = scrapeEveryService();
        while (!done.holds(scrapes)) {
            assertThat(System.nanoTime()).as("the metrics did not get there within 60 s").isLessThan(deadline);
            Thread.sleep(500);
            scrapes = scrapeEveryService();
        }
        return scrapes;
    }

    private interface Condition {
        boolean holds(Map<String, PrometheusScrape> scrapes);
    }

    private static double delta(Map<String, PrometheusScrape> before, Map<String, PrometheusScrape> after,
            String service, String name, Map<String, String> labels) {
        return after.get(service).value(name, labels) - before.get(service).value(name, labels);
    }
}
