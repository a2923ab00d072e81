package dev.slotwise.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.RawHttp;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests HTTP itself refuses are answered like every other error the gateway sends: a problem document with a
 * {@code code} and the {@code requestId} of its {@code X-Request-Id} header (issue 23), never a bare status line.
 */
@QuarkusTest
@TestProfile(ShortIdleTimeout.class)
class MalformedRequestsTest {

    @TestHTTPResource("/")
    URL gateway;

    private String key;

    @BeforeEach
    void aKey() throws IOException {
        RawHttp.awaitReady(gateway, Duration.ofSeconds(30));
        key = Operator.key(Operator.tenant("enterprise"), "customers.read", "customers.write").get("key");
    }

    @Test
    void anHttp11RequestWithoutHostIs400() throws IOException {
        assertProblem(exchange("GET /api/v1/customers HTTP/1.1\r\nAuthorization: Bearer " + key + "\r\n\r\n"), 400,
                "malformed_request");
    }

    @Test
    void aTooLongUriIs414() throws IOException {
        assertProblem(exchange("GET /api/v1/customers/cus_" + "x".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n"), 414,
                "uri_too_long");
    }

    @Test
    void tooLargeHeadersAre431() throws IOException {
        assertProblem(exchange("GET /api/v1/customers HTTP/1.1\r\nHost: x\r\nX-Big: " + "y".repeat(100_000) + "\r\n\r\n"),
                431, "request_headers_too_large");
    }

    /**
     * Issue 34: a header HTTP does not allow (a control character in its value) is refused by the HTTP layer before
     * any handler runs; that refusal is a problem document with a request id too, not a bare 400.
     */
    @Test
    void aControlCharacterInAHeaderIs400WithAProblem() throws IOException {
        for (char control : List.of('\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f')) {
            assertProblem(exchange("POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\n"
                    + "Content-Type: application/json" + control + "\r\nContent-Length: 2\r\n\r\n{}"), 400, "malformed_request");
            assertProblem(exchange("POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\n"
                    + "Idempotency-Key: a" + control + "b\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"),
                    400, "malformed_request");
        }
    }

    /** A request line that is no HTTP at all gets the same answer (in HTTP/1.0: what version the client speaks is unknown). */
    @Test
    void aRequestLineThatIsNotHttpIs400WithAProblem() throws IOException {
        RawHttp.Answer garbage = exchange("GET /api/v1/customers HTTP/1.1 extra\r\nHost: x\r\n\r\n");
        assertThat(garbage.text()).startsWith("HTTP/1.0 400 ");
        assertProblem(new RawHttp.Answer(garbage.text().replaceFirst("HTTP/1.0", "HTTP/1.1"), garbage.closedByServer()), 400,
                "malformed_request");
        assertProblem(exchange("GET /api/v1/customers HTTP/1.1\r\nHost: x\r\nBad\u0001Name: y\r\n\r\n"), 400,
                "malformed_request");
    }

    /** A body over the limit is not read: the answer comes at once, and the connection is closed after it. */
    @Test
    void aBodyDeclaredOverTheLimitIs413AndClosesTheConnection() throws IOException {
        assertProblem(exchange("POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\n"
                + "Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{\"firstName\":"), 413,
                "payload_too_large");
    }

    @Test
    void aBadPercentEscapeIs400() throws IOException {
        assertProblem(exchange("GET /api/v1/customers/%zz HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\n\r\n"),
                400, "malformed_request");
    }

    /** A chunked body whose framing breaks part-way: 400, and the connection (whose framing is lost) closed. */
    @Test
    void aBadChunkIs400AndClosesTheConnection() throws IOException {
        String head = "POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
        for (String badChunk : List.of("zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}\r\n" + "f".repeat(40) + "\r\n")) {
            assertProblem(RawHttp.exchange(gateway, List.of(head, badChunk), Duration.ofMillis(300), Duration.ofSeconds(2)),
                    400, "malformed_request");
            assertProblem(exchange(head + badChunk), 400, "malformed_request");
        }
    }

    /** A connection that sends nothing is closed after the idle timeout (3 s in this class's profile, 30 s in production). */
    @Test
    void anIdleConnectionIsClosed() throws IOException {
        long started = System.nanoTime();
        RawHttp.Answer answer = RawHttp.exchange(gateway, "", Duration.ofSeconds(10));
        assertThat(answer.closedByServer()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(6));
    }

    /** The problem document, with its request id, and the connection closed as the answer announces. */
    private static void assertProblem(RawHttp.Answer exchanged, int status, String code) {
        String answer = exchanged.text();
        assertThat(exchanged.closedByServer()).as("connection closed after: %s", answer).isTrue();
        assertThat(answer).startsWith("HTTP/1.1 " + status + " ");
        String head = answer.substring(0, Math.max(0, answer.indexOf("\r\n\r\n"))).toLowerCase(Locale.ROOT);
        assertThat(head).contains("content-type: application/problem+json");
        String requestId = head.lines().filter(line -> line.startsWith("x-request-id: ")).findFirst()
                .map(line -> line.substring("x-request-id: ".length())).orElseThrow();
        String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
        assertThat(body).contains("\"code\":\"" + code + "\"").contains("\"requestId\":\"" + requestId + "\"");
        assertThat(head).contains("connection: close");
    }

    private RawHttp.Answer exchange(String raw) throws IOException {
        return RawHttp.exchange(gateway, raw, Duration.ofSeconds(2));
    }
}
