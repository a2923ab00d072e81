package dev.slotwise.gateway.oauth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.testing.RawHttp;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The authorization server's forms are at most 16 KiB: anyone may post to these paths, so a larger body is refused
 * before it is read (it was read up to the HTTP layer's 10 MiB before any check).
 */
@QuarkusTest
class OAuthFormBodiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    URL gateway;

    /** The length alone refuses it: nothing of the 10 MiB is sent, and the answer comes at once. */
    @Test
    void aBodyDeclaredOverTheLimitIsRefusedBeforeItIsRead() throws IOException {
        for (String path : OAuthFormBodies.FORM_PATHS) {
            RawHttp.Answer answer = RawHttp.exchange(gateway, "POST " + path + " HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10485760\r\n\r\n"
                    + "grant_type=", Duration.ofSeconds(3));
            assertRefused(path, answer, 413, "payload_too_large", "16 KiB");
        }
    }

    /** A body that does not declare its length could be of any length: refused before any of it is read. */
    @Test
    void aBodyWithoutADeclaredLengthIsRefused() throws IOException {
        for (String path : OAuthFormBodies.FORM_PATHS) {
            List<String> parts = new ArrayList<>();
            parts.add("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n");
            for (int i = 0; i < 20; i++) { // 20 KiB, and the body never ends
                parts.add("400\r\n" + "a".repeat(1024) + "\r\n");
            }
            RawHttp.Answer answer = RawHttp.exchange(gateway, parts, Duration.ofMillis(5), Duration.ofSeconds(3));
            assertRefused(path, answer, 411, "length_required", "Content-Length");
        }
    }

    /** Up to the limit, the endpoint reads and answers the form as before. */
    @Test
    void aFormOfExactlyTheLimitReachesTheEndpoint() {
        String token = form("grant_type=refresh_token&refresh_token=swr_unknown&client_id=cli_unknown");
        given().contentType("application/x-www-form-urlencoded").body(token).post("/oauth/token")
                .then().statusCode(401).body("error", equalTo("invalid_client"));

        String signIn = form("csrf_token=forged&email=a%40b.example&password=x");
        given().contentType("application/x-www-form-urlencoded").body(signIn).post("/oauth/authorize/sign-in")
                .then().statusCode(400).contentType("text/html");
    }

    /** Pads {@code fields} with small extra fields, each named once, to exactly the limit. */
    private static String form(String fields) {
        StringBuilder body = new StringBuilder(fields);
        for (int i = 0; body.length() < OAuthFormBodies.MAX_FORM_BYTES - 1000; i++) {
            body.append("&pad").append((char) ('a' + i)).append('=').append("p".repeat(990));
        }
        body.append("&last=");
        body.append("q".repeat(OAuthFormBodies.MAX_FORM_BYTES - body.length()));
        assertThat(body).hasSize(OAuthFormBodies.MAX_FORM_BYTES);
        return body.toString();
    }

    private static void assertRefused(String path, RawHttp.Answer answer, int status, String code, String detail)
            throws IOException {
        assertThat(answer.text()).as(path).startsWith("HTTP/1.1 " + status + " ");
        JsonNode problem = JSON.readTree(answer.text().substring(answer.text().indexOf("\r\n\r\n") + 4));
        assertThat(problem.get("code").asText()).isEqualTo(code);
        assertThat(problem.get("detail").asText()).contains(detail);
        assertThat(answer.text()).containsIgnoringCase("Content-Type: application/problem+json")
                .containsIgnoringCase("X-Request-Id: ");
        assertThat(answer.closedByServer()).as(path + ": the connection is closed, the rest never read").isTrue();
    }
}
