package dev.slotwise.testing;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;

import io.restassured.RestAssured;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * What every service promises before it has any domain: it boots against the real database (migrated) and broker,
 * reports health, refuses requests without a valid internal token, and reads tenant and scopes from a valid one.
 * A service's test extends this and is annotated {@code @QuarkusTest}.
 */
public abstract class ServiceChassisContract {

    @Test
    void reportsReadyWithItsDatabase() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems(containsString("Reactive PostgreSQL")));
    }

    /**
     * Readiness follows the database: when every connection to it breaks (a failover, a restart), the service is
     * ready again within seconds of the database being there, not after a pool's idle timers (issue 23).
     */
    @Test
    void isReadyAgainSoonAfterItsDatabaseConnectionsBreak() throws InterruptedException {
        given().get("/q/health/ready").then().statusCode(200);
        assertTrue(PostgresTestResource.server().endAllSessions() > 0, "sessions ended");
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
        int status;
        do {
            Thread.sleep(250);
            status = given().get("/q/health/ready").statusCode();
        } while (status != 200 && System.nanoTime() < deadline);
        assertEquals(200, status, "readiness 10 s after the database's sessions ended");
    }

    @Test
    void refusesRequestsWithoutAValidInternalToken() {
        given().get("/internal/v1/identity").then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Bearer"))
                .body("code", equalTo("unauthenticated"))
                .body("requestId", notNullValue());
        given().auth().oauth2(InternalTokens.signedByStranger("ten_x", "customers.read"))
                .get("/internal/v1/identity").then().statusCode(401);
    }

    /** During a rotation of the key pair a service trusts two keys, each for the tokens whose kid names it. */
    @Test
    void acceptsTheAdditionalKeyOfARotationOnlyForTokensThatNameIt() {
        given().auth().oauth2(InternalTokens.signedWithAdditionalKey("ten_rotation", true, "customers.read"))
                .get("/internal/v1/identity").then().statusCode(200)
                .body("tenantId", equalTo("ten_rotation"))
                .body("scopes", hasItems("customers.read"));
        given().auth().oauth2(InternalTokens.signedWithAdditionalKey("ten_rotation", false, "customers.read"))
                .get("/internal/v1/identity").then().statusCode(401);
    }

    @Test
    void takesTenantAndScopesFromTheInternalToken() {
        given().auth().oauth2(InternalTokens.forTenantInZone("ten_chassis", "Europe/Berlin", "staff.read", "services.read"))
                .get("/internal/v1/identity").then().statusCode(200)
                .body("tenantId", equalTo("ten_chassis"))
                .body("scopes", hasItems("staff.read", "services.read"))
                .body("timeZone", equalTo("Europe/Berlin"));
    }

    @Test
    void unknownPathsAreProblemDetails() {
        given().auth().oauth2(InternalTokens.forTenant("ten_chassis", "staff.read"))
                .get("/api/v1/no-such-thing").then().statusCode(404)
                .contentType("application/problem+json")
                .body("code", equalTo("not_found"));
    }

    /**
     * A header HTTP does not allow (a control character in it) is refused by the HTTP layer before any handler runs;
     * that refusal is a problem document with a request id, like every other (issue 34), and closes the connection.
     * Each header is sent three times: Vert.x hands connections to its event loops' servers in turn, and every one of
     * them must answer so, not only the first to listen.
     */
    @Test
    void aRequestTheHttpLayerRefusesIsAProblemWithARequestId() throws Exception {
        URL server = URI.create(RestAssured.baseURI + ":" + RestAssured.port).toURL();
        RawHttp.awaitReady(server, Duration.ofSeconds(30));
        List<String> headers = List.of("Content-Type: application/json\u0001", "Idempotency-Key: a\u001bb", "X-Odd: \u007f");
        for (String header : java.util.stream.Stream.of(headers, headers, headers).flatMap(List::stream).toList()) {
            RawHttp.Answer answer = RawHttp.exchange(server, "POST /internal/v1/identity HTTP/1.1\r\nHost: service\r\n"
                    + header + "\r\nContent-Length: 2\r\n\r\n{}", Duration.ofSeconds(2));
            String text = answer.text();
            assertTrue(text.startsWith("HTTP/1.1 400 "), text);
            String head = text.substring(0, Math.max(0, text.indexOf("\r\n\r\n"))).toLowerCase(java.util.Locale.ROOT);
            assertTrue(head.contains("content-type: application/problem+json"), text);
            String requestId = head.lines().filter(line -> line.startsWith("x-request-id: ")).findFirst()
                    .map(line -> line.substring("x-request-id: ".length())).orElse(null);
            assertTrue(requestId != null && text.contains("\"requestId\":\"" + requestId + "\""), text);
            assertTrue(text.contains("\"code\":\"malformed_request\""), text);
            assertTrue(answer.closedByServer(), "connection closed after: " + text);
        }
    }

    /**
     * A request HTTP cannot even frame (a chunk size that is no number, no {@code Host}) is the client's mistake:
     * 400 (or, for a body it cannot frame, the connection closed), and at most a short line in the log, never an
     * ERROR with a stack trace (issue 14).
     */
    @Test
    void aBrokenRequestIsTheClientsErrorNotTheServers() throws Exception {
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try {
            URL server = URI.create(RestAssured.baseURI + ":" + RestAssured.port).toURL();
            String token = InternalTokens.forTenant("ten_chassis", "staff.read");
            RawHttp.Answer badChunk = RawHttp.exchange(server, "POST /internal/v1/identity HTTP/1.1\r\nHost: service\r\n"
                    + "Authorization: Bearer " + token + "\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", Duration.ofSeconds(2));
            // a service sits behind the gateway, which answers this with a problem document; the service itself
            // may only close a connection it can no longer frame
            assertTrue(badChunk.text().startsWith("HTTP/1.1 400") || badChunk.text().isEmpty() && badChunk.closedByServer(),
                    badChunk.text());
            RawHttp.Answer noHost = RawHttp.exchange(server, "GET /internal/v1/identity HTTP/1.1\r\n"
                    + "Authorization: Bearer " + token + "\r\n\r\n", Duration.ofSeconds(2));
            assertTrue(noHost.text().startsWith("HTTP/1.1 400"), noHost.text());
            Thread.sleep(200);
        } finally {
            root.removeHandler(capture);
        }
        List<String> loud = logged.stream()
                .filter(r -> r.getLevel().intValue() >= Level.SEVERE.intValue()
                        || (r.getThrown() != null && r.getLevel().intValue() >= Level.WARNING.intValue()))
                .map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage()
                        + (r.getThrown() == null ? "" : " with " + r.getThrown()))
                .toList();
        assertEquals(List.of(), loud);
    }
}
