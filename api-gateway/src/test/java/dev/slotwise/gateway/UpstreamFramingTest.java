package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.RawHttp;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One tenant's request must never reach into another's on the gateway's pooled upstream connections (issue 23):
 * a body of any content type is either refused or forwarded exactly, framed by the gateway, and the classic
 * request-smuggling probes leave every other tenant's next answers intact.
 */
@QuarkusTest
class UpstreamFramingTest {

    private static final List<String> ODD_CONTENT_TYPES = List.of("multipart/form-data; boundary=x", "text/plain",
            "application/x-www-form-urlencoded", "");
    /** A body that is itself a whole request: if it ever reached a service as bytes of its own, it would be served. */
    private static final String SMUGGLED = "GET /api/v1/customers/cus_smuggled HTTP/1.1\r\nHost: x\r\n"
            + "X-Test-Marker: smuggled\r\nContent-Length: 0\r\n\r\n";

    @TestHTTPResource("/")
    URL gateway;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private String keyOfA;
    private String keyOfB;

    @BeforeEach
    void twoTenants() {
        String[] all = {"customers.read", "customers.write", "campaigns.write", "services.write", "staff.write",
            "transactions.write", "webhooks.write", "inventory.write"};
        keyOfA = Operator.key(Operator.tenant("enterprise"), all).get("key");
        keyOfB = Operator.key(Operator.tenant("enterprise"), "customers.read").get("key");
    }

    @Test
    void bodiesOfEveryContentTypeLeaveOtherTenantsAnswersIntact() throws Exception {
        List<String[]> routes = List.of(new String[] {"POST", "/api/v1/customers"},
                new String[] {"PATCH", "/api/v1/customers/cus_1"}, new String[] {"POST", "/api/v1/campaigns/cmp_1/send"},
                new String[] {"POST", "/api/v1/staff/stf_1/check-in"}, new String[] {"POST", "/api/v1/transactions"},
                new String[] {"GET", "/api/v1/customers"}, new String[] {"DELETE", "/api/webhook-endpoints/we_1"});
        for (String[] route : routes) {
            for (String contentType : ODD_CONTENT_TYPES) {
                for (String body : List.of("{}", SMUGGLED)) {
                    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + route[1].substring(1)))
                            .header("Authorization", "Bearer " + keyOfA)
                            .method(route[0], HttpRequest.BodyPublishers.ofString(body));
                    if (!contentType.isEmpty()) {
                        request.header("Content-Type", contentType);
                    }
                    int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                    boolean forwardedWithBody = !route[0].equals("GET") && !route[0].equals("DELETE");
                    if (forwardedWithBody) {
                        assertThat(status).as("%s %s as %s", route[0], route[1], contentType).isEqualTo(415);
                    } else {
                        assertThat(status).as("%s %s as %s", route[0], route[1], contentType).isIn(200, 204, 415);
                    }
                    tenantBIsServedCorrectly(8);
                }
            }
        }
        assertThat(EchoUpstream.get().hits("smuggled")).isZero();
    }

    @Test
    void whatReachesTheServiceIsFramedByTheGateway() {
        given().auth().oauth2(keyOfA).contentType("application/json").header("Expect", "100-continue")
                .header("Connection", "X-Dropped-Hop").header("X-Dropped-Hop", "1")
                .body("{\"firstName\":\"Ada\"}").post("/api/v1/customers").then().statusCode(201);
        EchoUpstream.Seen seen = EchoUpstream.get().last();
        assertThat(seen.body()).isEqualTo("{\"firstName\":\"Ada\"}");
        assertThat(seen.headers().get("Content-Length")).isEqualTo(String.valueOf(seen.body().length()));
        assertThat(seen.headers()).doesNotContainKeys("Transfer-Encoding", "Expect", "X-Dropped-Hop");

        // a JSON body on a GET is read and not forwarded
        given().auth().oauth2(keyOfA).contentType("application/json").body("{\"a\":1}").get("/api/v1/customers")
                .then().statusCode(200);
        assertThat(EchoUpstream.get().last().body()).isEmpty();
        assertThat(EchoUpstream.get().last().headers()).doesNotContainKey("Content-Length");
    }

    @Test
    void smugglingProbesLeaveOtherTenantsAnswersIntact() throws Exception {
        String auth = "Authorization: Bearer " + keyOfA + "\r\n";
        String chunkedSmuggle = "0\r\n\r\n" + SMUGGLED;
        List<String> probes = List.of(
                // CL.TE: a front end reading Content-Length would forward the smuggled request as body
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedSmuggle,
                // TE.CL
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(SMUGGLED.length()) + "\r\n" + SMUGGLED + "\r\n0\r\n\r\n",
                // TE.TE with obfuscated Transfer-Encoding
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding: chunked\r\n"
                        + "Transfer-Encoding: x\r\n\r\n" + chunkedSmuggle,
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding: xchunked\r\n\r\n"
                        + chunkedSmuggle,
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding : chunked\r\n\r\n"
                        + chunkedSmuggle,
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: " + chunkedSmuggle.length() + "\r\nTransfer-Encoding:\tchunked\r\n\r\n"
                        + chunkedSmuggle,
                // two Content-Lengths that disagree
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: 2\r\nContent-Length: " + (2 + SMUGGLED.length()) + "\r\n\r\n{}" + SMUGGLED,
                // a body that is a whole request, declared honestly, and a declared length larger than the body
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: " + SMUGGLED.length() + "\r\n\r\n" + SMUGGLED,
                "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n"
                        + "Content-Length: 500\r\n\r\n{}");
        for (String probe : probes) {
            String answer = exchange(probe);
            if (probe.endsWith("Content-Length: 500\r\n\r\n{}")) {
                assertThat(answer).as("a body shorter than declared is waited for, never forwarded").isEmpty();
            } else {
                assertThat(answer).as(probe).startsWith("HTTP/1.1 ");
            }
            tenantBIsServedCorrectly(8);
        }
        assertThat(EchoUpstream.get().hits("smuggled")).isZero();
    }

    /** Tenant B's requests, many at once: each answered as its own, from the upstream, for its own path. */
    private void tenantBIsServedCorrectly(int requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(requests);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                String path = "/api/v1/customers/cus_b" + i;
                Callable<Response> call = () -> given().auth().oauth2(keyOfB).get(path);
                answers.add(pool.submit(call));
            }
            for (int i = 0; i < requests; i++) {
                Response answer = answers.get(i).get();
                assertThat(answer.statusCode()).as("tenant B's request %d", i).isEqualTo(200);
                assertThat(answer.header("X-Echo-Uri")).isEqualTo("/api/v1/customers/cus_b" + i);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private String exchange(String raw) throws IOException {
        return RawHttp.exchange(gateway, raw, Duration.ofSeconds(1)).text();
    }
}
