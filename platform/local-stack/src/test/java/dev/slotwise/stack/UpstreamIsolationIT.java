package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static dev.slotwise.stack.StackApi.ok;
import static dev.slotwise.stack.StackApi.salon;
import static dev.slotwise.stack.StackApi.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.proxy.Route;
import dev.slotwise.gateway.proxy.RouteTable;
import dev.slotwise.stack.StackApi.Answer;
import dev.slotwise.stack.StackApi.Salon;
import dev.slotwise.testing.RawHttp;
import java.net.URL;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 23, finding 1, against the real services: whatever tenant A sends, on any route, with any framing, tenant B's
 * requests that follow at once over the same gateway (and so over its pooled upstream connections) get their own
 * answers, and no bytes of A's ever become a request of their own.
 */
@ExtendWith(SharedStack.class)
class UpstreamIsolationIT {

    private static final List<String> ODD_CONTENT_TYPES = List.of("multipart/form-data; boundary=x", "text/plain",
            "application/x-www-form-urlencoded", "");
    private static final String SMUGGLED_BODY = "{\"firstName\":\"smuggled\"}";
    /** A whole request inside a body: were it read as the next request on a connection, a customer would appear. */
    private static final String SMUGGLED = "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: " + SMUGGLED_BODY.length() + "\r\n\r\n" + SMUGGLED_BODY;
    private static final ExecutorService POOL = Executors.newFixedThreadPool(8);

    private static String keyOfA;
    private static String keyOfB;
    private static String customerOfB;
    /** An id of tenant A's for each collection a route path names. */
    private static final Map<String, String> IDS_OF_A = new HashMap<>();

    @BeforeAll
    static void twoTenants() throws Exception {
        String a = createTenant("Isolation A", "UTC", "enterprise");
        // every scope there is, so that each route is refused for its body and never for its scope
        keyOfA = createKey(a, Scopes.ALL.toArray(String[]::new)).get("key").asText();
        String b = createTenant("Isolation B", "UTC", "enterprise");
        keyOfB = createKey(b, "customers.read", "customers.write").get("key").asText();
        customerOfB = created(call("POST", "/api/v1/customers", keyOfB, "{\"firstName\":\"Bea\"}"));

        Salon salon = salon(keyOfA);
        String customer = salon.customer();
        String service = salon.service();
        String staff = salon.staff();
        String product = salon.product();
        String transaction = created(call("POST", "/api/v1/transactions", keyOfA, """
                {"customerId":"%s","items":[{"type":"product","refId":"%s","quantity":1}],
                 "payments":[{"method":"cash","amount":{"amount":500,"currency":"EUR"}}]}""".formatted(customer, product)));
        JsonNode payments = ok(call("GET", "/api/v1/payments?transactionId=" + transaction, keyOfA, null));
        IDS_OF_A.put("customers", customer);
        IDS_OF_A.put("services", service);
        IDS_OF_A.put("staff", staff);
        IDS_OF_A.put("products", product);
        IDS_OF_A.put("transactions", transaction);
        IDS_OF_A.put("payments", payments.get("data").get(0).get("id").asText());
        IDS_OF_A.put("appointments", created(call("POST", "/api/v1/appointments", keyOfA,
                "{\"customerId\":\"%s\",\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"2031-03-03T10:00:00Z\"}"
                        .formatted(customer, service, staff))));
        IDS_OF_A.put("campaigns", created(call("POST", "/api/v1/campaigns", keyOfA,
                "{\"name\":\"Spring\",\"channel\":\"sms\",\"message\":\"Hi\"}")));
        IDS_OF_A.put("webhook-endpoints", created(call("POST", "/api/webhook-endpoints", keyOfA,
                "{\"url\":\"http://127.0.0.1:9/hook\",\"events\":[\"customer.created\"]}")));
    }

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void bodiesOfEveryContentTypeOnEveryRouteLeaveOtherTenantsAnswersIntact() throws Exception {
        List<Route> routes = RouteTable.ROUTES.stream().filter(r -> r.pattern().startsWith("/api/")).toList();
        assertThat(routes).hasSizeGreaterThan(40);
        for (Route route : routes) {
            String path = pathOf(route);
            for (String contentType : ODD_CONTENT_TYPES) {
                int status = send(route.method(), path, keyOfA, contentType, SMUGGLED);
                String what = route.method() + " " + path + " as '" + contentType + "'";
                if (route.method().equals("GET") || route.method().equals("DELETE")) {
                    assertThat(status).as(what).isBetween(200, 499);
                } else {
                    assertThat(status).as(what).isEqualTo(415);
                }
                tenantBIsServedCorrectly(what);
            }
        }
        nothingWasSmuggled();
    }

    @Test
    void smugglingProbesLeaveOtherTenantsAnswersIntact() throws Exception {
        URL gateway = URI.create(SharedStack.stack().gatewayUrl()).toURL();
        String auth = "Authorization: Bearer " + keyOfA + "\r\n";
        String head = "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n";
        String chunkedSmuggle = "0\r\n\r\n" + SMUGGLED;
        List<String> probes = List.of(
                // CL.TE
                head + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedSmuggle,
                // TE.CL
                head + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(SMUGGLED.length()) + "\r\n" + SMUGGLED + "\r\n0\r\n\r\n",
                // TE.TE, Transfer-Encoding obfuscated
                head + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: x\r\n\r\n"
                        + chunkedSmuggle,
                head + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding: xchunked\r\n\r\n" + chunkedSmuggle,
                head + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding : chunked\r\n\r\n" + chunkedSmuggle,
                // two Content-Lengths, and a body that is a whole request declared honestly
                head + "Content-Length: 2\r\nContent-Length: " + (2 + SMUGGLED.length()) + "\r\n\r\n{}" + SMUGGLED,
                head + "Content-Length: " + SMUGGLED.length() + "\r\n\r\n" + SMUGGLED);
        for (String probe : probes) {
            String answer = RawHttp.exchange(gateway, probe, Duration.ofSeconds(2)).text();
            assertThat(answer).as(probe).startsWith("HTTP/1.1 ");
            tenantBIsServedCorrectly(probe);
        }
        nothingWasSmuggled();
    }

    /** The path of a route with tenant A's ids in it. */
    private static String pathOf(Route route) {
        String[] segments = route.pattern().split("/");
        StringBuilder path = new StringBuilder();
        for (int i = 1; i < segments.length; i++) {
            String segment = switch (segments[i]) {
                case "{id}" -> IDS_OF_A.get(segments[i - 1]);
                // no delivery of A's is needed: the request is refused (404) after its body was read, like any other
                case "{deliveryId}" -> "0b9f4c1e-0000-4000-8000-000000000000";
                // any other parameter of a nested resource ({timeOffId}, …): an id nobody has, refused the same way
                default -> segments[i].startsWith("{") ? "unknown-" + segments[i].replaceAll("[{}]", "") : segments[i];
            };
            path.append('/').append(segment);
        }
        return path.toString();
    }

    /** Tenant B's requests, eight at once: each answered as its own, for its own path. */
    private static void tenantBIsServedCorrectly(String after) throws Exception {
        List<Future<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String path = i % 2 == 0 ? "/api/v1/customers/" + customerOfB : "/api/v1/customers?limit=" + (i + 1);
            Callable<Answer> request = () -> call("GET", path, keyOfB, null);
            answers.add(POOL.submit(request));
        }
        for (int i = 0; i < answers.size(); i++) {
            Answer answer = answers.get(i).get();
            assertThat(answer.status()).as("tenant B's request %d after %s", i, after).isEqualTo(200);
            if (i % 2 == 0) {
                assertThat(answer.body().get("id").asText()).isEqualTo(customerOfB);
            } else {
                assertThat(answer.body().get("data").findValuesAsText("id")).containsExactly(customerOfB);
            }
        }
    }

    /** No customer named "smuggled" exists for either tenant: no bytes of a body ever ran as a request. */
    private static void nothingWasSmuggled() throws Exception {
        for (String key : List.of(keyOfA, keyOfB)) {
            JsonNode customers = ok(call("GET", "/api/v1/customers?limit=100", key, null));
            assertThat(customers.get("data").findValuesAsText("firstName")).doesNotContain("smuggled");
        }
    }
}
