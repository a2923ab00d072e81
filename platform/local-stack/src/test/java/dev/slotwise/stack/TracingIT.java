package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.testing.OtlpReceiver.ReceivedSpan;
import dev.slotwise.testing.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One trace from a request to the webhook it causes (issue 19), as a collector receives it from the packaged stack: the
 * services export OTLP to a receiver in this JVM (SharedStack). "Why did this webhook arrive late" is one trace.
 */
@ExtendWith(SharedStack.class)
@Timeout(value = 2, unit = java.util.concurrent.TimeUnit.MINUTES)
class TracingIT {

    private static final int SERVER = 2;
    private static final int PRODUCER = 4;
    private static final int CONSUMER = 5;

    @Test
    void aCustomerCreatedThroughTheGatewayIsOneTraceFromRequestToWebhookAttempt() throws Exception {
        String tenant = createTenant("Tracing IT");
        String key = createKey(tenant, "customers.read", "customers.write", "webhooks.write").get("key").asText();
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            created(call("POST", "/api/webhook-endpoints", key,
                    "{\"url\":\"" + receiver.url("/hooks") + "\",\"events\":[\"customer.created\"]}"));
            String email = "traced.person." + System.nanoTime() + "@example.com";
            String requestId = "it-trace-" + java.util.UUID.randomUUID();
            StackApi.Answer answer = call("POST", "/api/v1/customers", key,
                    "{\"firstName\":\"Tracey\",\"lastName\":\"Privatename\",\"email\":\"" + email + "\"}",
                    Map.of("X-Request-Id", requestId));
            String customer = created(answer);
            // a search by e-mail puts personal data in a query string, which no span may keep
            assertThat(call("GET", "/api/v1/customers?email=" + email, key, null).status()).isEqualTo(200);

            WebhookReceiver.Received hook = receiver.await(r -> r.body().contains(customer), 1, Duration.ofSeconds(30)).get(0);
            assertThat(hook.headers().keySet()).as("no trace headers of ours reach a receiver")
                    .noneMatch(name -> name.equalsIgnoreCase("traceparent") || name.equalsIgnoreCase("tracestate"));
            String delivery = hook.header("X-Slotwise-Delivery");

            ReceivedSpan attempt = awaitSpan(span -> span.name().equals("webhook attempt")
                    && delivery.equals(span.attributes().get("slotwise.delivery.id")));
            assertThat(attempt.service()).isEqualTo("webhook-dispatcher");
            assertThat(attempt.attributes()).containsEntry("http.response.status_code", "200")
                    .containsEntry("slotwise.event.type", "customer.created");

            // the attempt's ancestry, parent by parent, reaches the gateway's server span of the request
            List<ReceivedSpan> chain = awaitChain(attempt);
            ReceivedSpan root = chain.get(chain.size() - 1);
            assertThat(root.service()).isEqualTo("api-gateway");
            assertThat(root.kind()).isEqualTo(SERVER);
            assertThat(root.attributes().get("http.route")).isEqualTo("/api/v1/customers");
            assertThat(chain).anySatisfy(span -> assertThat(span.service() + " " + span.kind())
                    .isEqualTo("customer-service " + SERVER));
            assertThat(chain).anySatisfy(span -> assertThat(span.service() + " " + span.kind())
                    .isEqualTo("customer-service " + PRODUCER));
            assertThat(chain).anySatisfy(span -> assertThat(span.service() + " " + span.kind())
                    .isEqualTo("webhook-dispatcher " + CONSUMER));
            // and the trace holds the service's SQL
            String trace = attempt.traceId();
            assertThat(spansOf(trace)).anySatisfy(span -> {
                assertThat(span.service()).isEqualTo("customer-service");
                assertThat(span.attributes()).containsKey("db.system");
            });

            // no personal data and no credential in any attribute of any span of the run
            List<String> leaks = new ArrayList<>();
            for (ReceivedSpan span : SharedStack.traces().spans()) {
                span.attributes().forEach((name, value) -> {
                    if (value != null && (value.contains(email) || value.contains("Privatename")
                            || value.contains(email.replace("@", "%40")) || StackApi.ISSUED_SECRETS.stream()
                                    .anyMatch(value::contains))) {
                        leaks.add(span.service() + " " + span.name() + " " + name + "=" + value);
                    }
                });
            }
            assertThat(leaks).as("span attributes with personal data or a credential").isEmpty();

            // every log line of the request names its trace
            List<JsonNode> lines = JsonLogs.lines("customer-service").stream()
                    .filter(line -> requestId.equals(JsonLogs.mdc(line, "requestId"))).toList();
            assertThat(lines).isNotEmpty()
                    .allSatisfy(line -> assertThat(JsonLogs.mdc(line, "traceId")).isEqualTo(trace));
        }
    }

    /**
     * Issue 34: the gateway starts every trace. A client's {@code traceparent} (sampled) neither becomes the parent of
     * the gateway's span nor names the trace, so it cannot force export nor join a trace of its choosing.
     */
    @Test
    void aClientsTraceparentNeitherNamesTheTraceNorParentsTheGatewaysSpan() throws Exception {
        String key = createKey(createTenant("Tracing IT client context"), "customers.read").get("key").asText();
        String clientTrace = java.util.HexFormat.of().formatHex(java.security.SecureRandom.getSeed(16));
        String requestId = "it-client-trace-" + java.util.UUID.randomUUID();
        assertThat(call("GET", "/api/v1/customers", key, null, Map.of("X-Request-Id", requestId,
                "traceparent", "00-" + clientTrace + "-00f067aa0ba902b7-01", "baggage", "user=mallory")).status())
                .isEqualTo(200);

        String trace = awaitTraceOfRequest(requestId);
        assertThat(trace).isNotEqualTo(clientTrace);
        ReceivedSpan gateway = awaitSpan(span -> span.traceId().equals(trace) && span.service().equals("api-gateway")
                && span.kind() == SERVER);
        assertThat(gateway.parentSpanId()).as("the gateway's span is the root of its trace").isEmpty();
        assertThat(SharedStack.traces().spans()).noneMatch(span -> span.traceId().equals(clientTrace));
    }

    /** The trace id customer-service's log lines of the request name. */
    private static String awaitTraceOfRequest(String requestId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            Optional<String> trace = JsonLogs.lines("customer-service").stream()
                    .filter(line -> requestId.equals(JsonLogs.mdc(line, "requestId")))
                    .map(line -> JsonLogs.mdc(line, "traceId")).filter(java.util.Objects::nonNull).findFirst();
            if (trace.isPresent()) {
                return trace.get();
            }
            assertThat(System.nanoTime()).as("no log line of request " + requestId).isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private static List<ReceivedSpan> spansOf(String trace) {
        return SharedStack.traces().spans().stream().filter(span -> span.traceId().equals(trace)).toList();
    }

    /** The span and its ancestors up to the trace's root, waiting for spans still to be exported. */
    private static List<ReceivedSpan> awaitChain(ReceivedSpan leaf) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            Map<String, ReceivedSpan> byId = spansOf(leaf.traceId()).stream()
                    .collect(Collectors.toMap(ReceivedSpan::spanId, Function.identity(), (a, b) -> a));
            List<ReceivedSpan> chain = new ArrayList<>(List.of(leaf));
            ReceivedSpan at = leaf;
            while (!at.parentSpanId().isEmpty() && byId.containsKey(at.parentSpanId())) {
                at = byId.get(at.parentSpanId());
                chain.add(at);
            }
            if (at.parentSpanId().isEmpty()) {
                return chain;
            }
            assertThat(System.nanoTime()).as("span " + at.parentSpanId() + ", parent of " + at.service() + " "
                    + at.name() + ", never arrived; the trace has " + byId.values().stream()
                    .map(s -> s.service() + ":" + s.name()).toList()).isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private static ReceivedSpan awaitSpan(java.util.function.Predicate<ReceivedSpan> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Optional<ReceivedSpan> found;
        while ((found = SharedStack.traces().spans().stream().filter(wanted).findFirst()).isEmpty()) {
            assertThat(System.nanoTime()).as("the span never arrived").isLessThan(deadline);
            Thread.sleep(250);
        }
        return found.get();
    }
}
