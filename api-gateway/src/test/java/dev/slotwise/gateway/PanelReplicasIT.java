package dev.slotwise.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The panel's sign-in and sessions on two packaged gateway replicas sharing PostgreSQL and Redis, published at an
 * HTTPS address (as behind a TLS-terminating load balancer): a session started on one replica is honoured and ended
 * on the other, the cookies carry their HTTPS names and flags, and guesses sent at once to both replicas check no
 * more passwords than one replica alone would.
 */
class PanelReplicasIT {

    private static final String ADMIN = "panel-replicas-operator-token-0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static GatewayCluster gateways;

    @BeforeAll
    static void start() {
        gateways = GatewayCluster.start(2, ADMIN, "panel", Map.of(
                "SLOTWISE_GATEWAY_PUBLIC_URL", "https://api.slotwise.example",
                "SLOTWISE_GATEWAY_TRUSTED_PROXIES", "127.0.0.1/32,::1/128"));
    }

    @AfterAll
    static void stop() {
        if (gateways != null) {
            gateways.close();
        }
    }

    private static URI replica(int i) {
        return URI.create(gateways.url(i) + "/");
    }

    private static JsonNode operator(String path, Object body) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(replica(0).resolve(path))
                .header("Authorization", "Bearer " + ADMIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return JSON.readTree(answer.body());
    }

    private static String user() throws Exception {
        String tenant = operator("/admin/v1/tenants", Map.of("name", "Replicas", "plan", "pro")).get("id").asText();
        String email = "owner-" + UUID.randomUUID() + "@replicas.example";
        operator("/admin/v1/tenants/" + tenant + "/users", Map.of("email", email, "password", SignInForms.PASSWORD));
        return email;
    }

    @Test
    void aSessionStartedOnOneReplicaIsUsedAndEndedOnTheOther() throws Exception {
        String cookie = SignInForms.open(replica(0)).session(user(), SignInForms.address());
        assertThat(cookie).startsWith("__Secure-slotwise_panel=");
        HttpResponse<String> keys = SignInForms.get(replica(1), "/panel/api-keys", cookie);
        assertThat(keys.statusCode()).as(keys.body()).isEqualTo(200);
        String plain = cookie.replace("__Secure-slotwise_panel=", "slotwise_panel=");
        assertThat(SignInForms.get(replica(1), "/panel/api-keys", plain).statusCode())
                .as("over HTTPS only the __Secure- cookie counts").isEqualTo(303);

        HttpResponse<String> out = SignInForms.postForm(replica(1), "/panel/sign-out", cookie,
                Map.of("csrf_token", SignInForms.csrfToken(keys)));
        assertThat(out.statusCode()).isEqualTo(303);
        assertThat(SignInForms.get(replica(0), "/panel/api-keys", cookie).statusCode()).isEqualTo(303);
    }

    @Test
    void overHttpsTheCookiesAreSecurePrefixedHttpOnlyAndSameSite() throws Exception {
        HttpResponse<String> form = HTTP.send(HttpRequest.newBuilder(replica(0).resolve("/panel/sign-in")).build(),
                HttpResponse.BodyHandlers.ofString());
        String csrf = form.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(csrf).startsWith("__Host-slotwise_panel_signin=").contains("Path=/;").contains("Secure")
                .contains("HttpOnly").containsIgnoringCase("SameSite=Strict").doesNotContainIgnoringCase("Domain");

        HttpResponse<String> signedIn = SignInForms.open(replica(0)).signIn(user(), SignInForms.PASSWORD,
                SignInForms.address());
        assertThat(signedIn.statusCode()).isEqualTo(303);
        String session = signedIn.headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("__Secure-slotwise_panel=")).findFirst().orElseThrow();
        assertThat(session).contains("Path=/panel").contains("Secure").contains("HttpOnly")
                .containsIgnoringCase("SameSite=Lax");
    }

    @Test
    void guessesSentAtOnceToBothReplicasCheckElevenPasswordsAndLockTheAccountOnBoth() throws Exception {
        String email = user();
        List<SignInForms> forms = List.of(SignInForms.open(replica(0)), SignInForms.open(replica(1)));
        List<CompletableFuture<HttpResponse<String>>> guesses = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            guesses.add(forms.get(i % 2).post(email, "guess number " + i, SignInForms.address()));
        }
        List<HttpResponse<String>> answers = SignInForms.all(guesses);
        long checked = answers.stream().filter(a -> a.statusCode() == 200).count();
        assertThat(answers.stream().map(HttpResponse::statusCode)).containsOnly(200, 429);
        assertThat(checked).as("passwords checked by both replicas together").isEqualTo(11);
        for (SignInForms replica : forms) {
            assertThat(replica.signIn(email, SignInForms.PASSWORD, SignInForms.address()).statusCode())
                    .as("the right password, but the account is locked").isEqualTo(429);
        }
    }
}
