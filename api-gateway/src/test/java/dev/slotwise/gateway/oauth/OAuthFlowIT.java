package dev.slotwise.gateway.oauth;

import static dev.slotwise.gateway.oauth.MarketplaceApp.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.gateway.EchoUpstream;
import dev.slotwise.gateway.GatewayCluster;
import dev.slotwise.testing.Chromium;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §9 against two packaged gateway replicas: a marketplace application connects with authorization code and
 * PKCE, a person signs in and consents in the gateway's pages, and the tokens work — and stop working — as promised.
 */
class OAuthFlowIT {

    private static final String ADMIN = "oauth-flow-operator-token-0123456789";
    private static final String APP_CALLBACK = "https://bookings.example.test/oauth/callback";
    private static final String PASSWORD = "correct horse battery staple";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static GatewayCluster gateways;
    private static String tenantId;
    private static String email;
    private static MarketplaceApp app;

    @BeforeAll
    static void start() throws Exception {
        gateways = GatewayCluster.start(2, ADMIN, "oauth");
        tenantId = operator("POST", "/admin/v1/tenants", "{\"name\":\"Salon Aurora\",\"plan\":\"pro\"}").get("id").asText();
        email = "owner-" + UUID.randomUUID() + "@aurora.example";
        operator("POST", "/admin/v1/tenants/" + tenantId + "/users",
                JSON.writeValueAsString(Map.of("email", email, "password", PASSWORD)));
        app = MarketplaceApp.register(gateways.url(0), ADMIN, "Bookly", APP_CALLBACK,
                List.of("customers.read", "customers.write", "appointments.read"), true);
    }

    @AfterAll
    static void stop() {
        if (gateways != null) {
            gateways.close();
        }
    }

    private static JsonNode operator(String method, String path, String body) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(gateways.url(0) + path))
                .header("Authorization", "Bearer " + ADMIN).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body());
    }

    private static HttpResponse<String> operatorCall(String method, String path, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(gateways.url(0) + path))
                .header("Authorization", "Bearer " + ADMIN).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The browser's part: open the authorize link, sign in, approve; answers where the gateway sends it back. */
    private static URI consent(MarketplaceApp client, String scope, String state, String verifier) throws Exception {
        return consent(client, scope, state, verifier, email);
    }

    private static URI consent(MarketplaceApp client, String scope, String state, String verifier, String signInEmail)
            throws Exception {
        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(client.authorizeUri(scope, state, verifier));
        assertThat(signIn.status()).as(signIn.body()).isEqualTo(200);
        FormBrowser.Page afterSignIn = browser.submit(signIn, Map.of("Email", signInEmail, "Password", PASSWORD),
                "Sign in");
        assertThat(afterSignIn.status()).as(afterSignIn.body()).isEqualTo(303);
        FormBrowser.Page consent = browser.open(afterSignIn.location().orElseThrow());
        FormBrowser.Page approved = browser.submit(consent, Map.of(), "Approve");
        assertThat(approved.status()).as(approved.body()).isEqualTo(303);
        return approved.location().orElseThrow();
    }

    private static String code(MarketplaceApp client, String scope, String verifier) throws Exception {
        String state = UUID.randomUUID().toString();
        Map<String, String> query = MarketplaceApp.queryOf(consent(client, scope, state, verifier));
        assertThat(query).containsEntry("state", state);
        return query.get("code");
    }

    private static JsonNode tokens(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static JsonNode connect(MarketplaceApp client, String scope) throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        return tokens(client.exchange(code(client, scope, verifier), verifier));
    }

    private static String error(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body()).path("error").asText();
    }

    /** Polls until the token is refused (or 3 s pass); answers how long that took and the last status. */
    private static long[] refusedWithin(MarketplaceApp client, String token) throws Exception {
        long started = System.nanoTime();
        int status;
        do {
            status = client.api("GET", "/api/v1/customers", token).statusCode();
        } while (status == 200 && System.nanoTime() - started < Duration.ofSeconds(3).toNanos());
        return new long[] {status, (System.nanoTime() - started) / 1_000_000};
    }

    @Test
    void anApplicationConnectsCallsTheApiAndRefreshes() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        String state = "xyz-" + UUID.randomUUID();
        URI back = consent(app, "customers.read appointments.read", state, verifier);

        assertThat(back.toString()).startsWith(APP_CALLBACK + "?");
        Map<String, String> query = MarketplaceApp.queryOf(back);
        assertThat(query.get("code")).matches("swc_[0-9a-f]{64}");
        assertThat(query).containsEntry("state", state).containsEntry("iss", gateways.url(0));

        HttpResponse<String> exchanged = app.exchange(query.get("code"), verifier);
        JsonNode pair = tokens(exchanged);
        assertThat(exchanged.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(pair.get("access_token").asText()).matches("swo_[0-9a-f]{64}");
        assertThat(pair.get("refresh_token").asText()).matches("swr_[0-9a-f]{64}");
        assertThat(pair.get("token_type").asText()).isEqualTo("Bearer");
        assertThat(pair.get("expires_in").asLong()).isEqualTo(3600);
        assertThat(pair.get("scope").asText().split(" ")).containsExactlyInAnyOrder("customers.read", "appointments.read");

        HttpResponse<String> call = app.via(gateways.url(1)).api("GET", "/api/v1/customers", pair.get("access_token").asText());
        assertThat(call.statusCode()).as(call.body()).isEqualTo(200);
        assertThat(call.headers().firstValue("X-RateLimit-Limit")).contains("5000");
        JsonNode internal = claims(EchoUpstream.get().last().headers().get("Authorization"));
        assertThat(internal.get("tenant_id").asText()).isEqualTo(tenantId);
        assertThat(internal.get("sub").asText()).startsWith("grt_");
        // an application's grant, told apart from the business's own credentials (CONTRACT §8)
        assertThat(internal.get("credential_kind").asText()).isEqualTo("oauth_grant");
        assertThat(app.api("POST", "/api/v1/customers", pair.get("access_token").asText()).statusCode())
                .as("customers.write was not asked for").isEqualTo(403);

        JsonNode rotated = tokens(app.refresh(pair.get("refresh_token").asText()));
        assertThat(rotated.get("refresh_token").asText()).matches("swr_[0-9a-f]{64}")
                .isNotEqualTo(pair.get("refresh_token").asText());
        assertThat(rotated.get("access_token").asText()).isNotEqualTo(pair.get("access_token").asText());
        assertThat(app.api("GET", "/api/v1/customers", rotated.get("access_token").asText()).statusCode()).isEqualTo(200);
    }

    private static JsonNode claims(String bearer) throws Exception {
        String payload = bearer.substring("Bearer ".length()).split("\\.")[1];
        return JSON.readTree(new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8));
    }

    @Test
    void aWrongVerifierIsRefusedAndTheRightOneStillWorks() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        String code = code(app, "customers.read", verifier);

        HttpResponse<String> wrong = app.exchange(code, MarketplaceApp.newVerifier());
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(error(wrong)).isEqualTo("invalid_grant");
        assertThat(wrong.headers().firstValue("Cache-Control")).contains("no-store");

        tokens(app.exchange(code, verifier));
    }

    @Test
    void aReusedCodeIsRefusedAndRevokesWhatItIssued() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        String code = code(app, "customers.read", verifier);
        JsonNode first = tokens(app.exchange(code, verifier));
        assertThat(app.api("GET", "/api/v1/customers", first.get("access_token").asText()).statusCode()).isEqualTo(200);

        HttpResponse<String> again = app.via(gateways.url(1)).exchange(code, verifier);
        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(error(again)).isEqualTo("invalid_grant");

        long[] refused = refusedWithin(app, first.get("access_token").asText());
        assertThat(refused[0]).isEqualTo(401);
        assertThat(refused[1]).isLessThanOrEqualTo(1000);
        assertThat(error(app.refresh(first.get("refresh_token").asText()))).isEqualTo("invalid_grant");
    }

    @Test
    void aReusedRefreshTokenRevokesItsWholeFamily() throws Exception {
        JsonNode first = connect(app, "customers.read");
        JsonNode second = tokens(app.refresh(first.get("refresh_token").asText()));

        HttpResponse<String> reuse = app.refresh(first.get("refresh_token").asText());
        assertThat(reuse.statusCode()).isEqualTo(400);
        assertThat(error(reuse)).isEqualTo("invalid_grant");

        assertThat(error(app.refresh(second.get("refresh_token").asText()))).as("the descendant too").isEqualTo("invalid_grant");
        assertThat(refusedWithin(app, second.get("access_token").asText())[0]).isEqualTo(401);
        assertThat(refusedWithin(app, first.get("access_token").asText())[0]).isEqualTo(401);
    }

    /**
     * Two uses of one refresh token at the same moment, on two replicas: exactly one is answered with tokens. The
     * other is a reuse (CONTRACT §9: a reused refresh token revokes its family), so what the winner received is
     * revoked as well.
     */
    @Test
    void aRefreshTokenUsedTwiceAtOnceIsAReuseThatEndsTheFamily() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 3; round++) {
                JsonNode pair = connect(app, "customers.read");
                String refresh = pair.get("refresh_token").asText();
                CountDownLatch start = new CountDownLatch(1);
                List<Future<HttpResponse<String>>> racing = new ArrayList<>();
                for (int replica = 0; replica < 2; replica++) {
                    MarketplaceApp client = app.via(gateways.url(replica));
                    racing.add(pool.submit(() -> {
                        start.await();
                        return client.refresh(refresh);
                    }));
                }
                start.countDown();
                List<HttpResponse<String>> answers = new ArrayList<>();
                for (Future<HttpResponse<String>> answer : racing) {
                    answers.add(answer.get(30, TimeUnit.SECONDS));
                }
                assertThat(answers).extracting(HttpResponse::statusCode).as("round %d", round)
                        .containsExactlyInAnyOrder(200, 400);
                HttpResponse<String> lost = answers.stream().filter(a -> a.statusCode() == 400).findFirst().orElseThrow();
                assertThat(error(lost)).isEqualTo("invalid_grant");
                JsonNode won = JSON.readTree(answers.stream().filter(a -> a.statusCode() == 200).findFirst()
                        .orElseThrow().body());
                for (int replica = 0; replica < 2; replica++) {
                    MarketplaceApp client = app.via(gateways.url(replica));
                    assertThat(refusedWithin(client, won.get("access_token").asText())[0]).isEqualTo(401);
                    assertThat(refusedWithin(client, pair.get("access_token").asText())[0]).isEqualTo(401);
                }
                assertThat(error(app.refresh(won.get("refresh_token").asText()))).isEqualTo("invalid_grant");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A family is every token descended from one authorization: after a reuse, each access token (also a narrowed
     * one) is refused on both replicas and inactive to introspection, and each refresh token is refused and inactive.
     * Another authorization of the same application and person is untouched.
     */
    @Test
    void aReuseEndsEveryTokenDescendedFromTheGrantAndNothingElse() throws Exception {
        JsonNode first = connect(app, "customers.read appointments.read");
        JsonNode second = tokens(app.refresh(first.get("refresh_token").asText()));
        JsonNode narrowed = tokens(app.post("/oauth/token", Map.of("grant_type", "refresh_token",
                "refresh_token", second.get("refresh_token").asText(), "scope", "customers.read")));
        assertThat(narrowed.get("scope").asText()).isEqualTo("customers.read");
        JsonNode bystander = connect(app, "customers.read");
        List<String> accessTokens = List.of(first.get("access_token").asText(), second.get("access_token").asText(),
                narrowed.get("access_token").asText());
        List<String> refreshTokens = List.of(first.get("refresh_token").asText(), second.get("refresh_token").asText(),
                narrowed.get("refresh_token").asText());
        for (String access : accessTokens) {
            assertThat(app.via(gateways.url(1)).api("GET", "/api/v1/customers", access).statusCode()).isEqualTo(200);
        }

        assertThat(error(app.refresh(first.get("refresh_token").asText()))).isEqualTo("invalid_grant");

        for (String access : accessTokens) {
            for (int replica = 0; replica < 2; replica++) {
                long[] refused = refusedWithin(app.via(gateways.url(replica)), access);
                assertThat(refused[0]).isEqualTo(401);
                assertThat(refused[1]).isLessThanOrEqualTo(1000);
            }
            assertThat(JSON.readTree(app.introspect(access).body()).get("active").asBoolean()).isFalse();
        }
        for (String refresh : refreshTokens) {
            assertThat(JSON.readTree(app.introspect(refresh).body()).get("active").asBoolean()).isFalse();
            assertThat(error(app.refresh(refresh))).isEqualTo("invalid_grant");
        }
        assertThat(app.api("GET", "/api/v1/customers", bystander.get("access_token").asText()).statusCode())
                .as("another authorization").isEqualTo(200);
        tokens(app.refresh(bystander.get("refresh_token").asText()));
    }

    /** Moves a stored code's or token's times back by {@code age}, as if that much time had passed since its issue. */
    private static void age(String secret, Duration age) throws Exception {
        String sql = secret.startsWith("swc_")
                ? "update oauth_codes set expires_at = expires_at - ? * interval '1 second' where code_hash = ?"
                : "update oauth_tokens set created_at = created_at - ? * interval '1 second',"
                        + " expires_at = expires_at - ? * interval '1 second' where token_hash = ?";
        try (Connection database = gateways.database(); PreparedStatement update = database.prepareStatement(sql)) {
            int parameter = 1;
            update.setLong(parameter++, age.toSeconds());
            if (!secret.startsWith("swc_")) {
                update.setLong(parameter++, age.toSeconds());
            }
            update.setBytes(parameter, MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
            assertThat(update.executeUpdate()).as("the stored code or token").isEqualTo(1);
        }
    }

    /** Authorization codes live 10 minutes (time moved in the database, not slept through). */
    @Test
    void anAuthorizationCodeLivesTenMinutes() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        String young = code(app, "customers.read", verifier);
        age(young, Duration.ofMinutes(9).plusSeconds(30));
        tokens(app.exchange(young, verifier));

        String old = code(app, "customers.read", verifier);
        age(old, Duration.ofMinutes(10));
        HttpResponse<String> expired = app.exchange(old, verifier);
        assertThat(expired.statusCode()).isEqualTo(400);
        assertThat(error(expired)).isEqualTo("invalid_grant");
    }

    /** Access tokens live an hour: refused (on every replica, also one that has it cached) once it has passed. */
    @Test
    void anAccessTokenLivesAnHour() throws Exception {
        JsonNode pair = connect(app, "customers.read");
        String access = pair.get("access_token").asText();
        JsonNode about = JSON.readTree(app.introspect(access).body());
        assertThat(about.get("exp").asLong() - about.get("iat").asLong()).isEqualTo(3600);

        age(access, Duration.ofMinutes(59));
        for (int replica = 0; replica < 2; replica++) {
            assertThat(app.via(gateways.url(replica)).api("GET", "/api/v1/customers", access).statusCode())
                    .as("at 59 minutes").isEqualTo(200);
        }
        age(access, Duration.ofMinutes(1));
        for (int replica = 0; replica < 2; replica++) {
            long[] refused = refusedWithin(app.via(gateways.url(replica)), access);
            assertThat(refused[0]).as("at 60 minutes").isEqualTo(401);
            assertThat(refused[1]).isLessThanOrEqualTo(1000);
        }
        assertThat(JSON.readTree(app.introspect(access).body()).get("active").asBoolean()).isFalse();
        tokens(app.refresh(pair.get("refresh_token").asText()));
    }

    /** Refresh tokens live 30 days from their issue. */
    @Test
    void aRefreshTokenLivesThirtyDays() throws Exception {
        JsonNode pair = connect(app, "customers.read");
        JsonNode about = JSON.readTree(app.introspect(pair.get("refresh_token").asText()).body());
        assertThat(about.get("exp").asLong() - about.get("iat").asLong()).isEqualTo(Duration.ofDays(30).toSeconds());
        age(pair.get("refresh_token").asText(), Duration.ofDays(30).minusHours(1));
        JsonNode next = tokens(app.refresh(pair.get("refresh_token").asText()));

        age(next.get("refresh_token").asText(), Duration.ofDays(30));
        HttpResponse<String> expired = app.refresh(next.get("refresh_token").asText());
        assertThat(expired.statusCode()).isEqualTo(400);
        assertThat(error(expired)).isEqualTo("invalid_grant");
        assertThat(JSON.readTree(app.introspect(next.get("refresh_token").asText()).body()).get("active").asBoolean())
                .isFalse();
    }

    @Test
    void aRevokedTokenIsRefusedByTheOtherReplicaWithinASecond() throws Exception {
        JsonNode pair = connect(app, "customers.read");
        String access = pair.get("access_token").asText();
        MarketplaceApp onSecond = app.via(gateways.url(1));
        assertThat(onSecond.api("GET", "/api/v1/customers", access).statusCode()).isEqualTo(200);

        HttpResponse<String> revoked = app.revoke(access);
        assertThat(revoked.statusCode()).isEqualTo(200);
        long[] refused = refusedWithin(onSecond, access);
        assertThat(refused[0]).isEqualTo(401);
        assertThat(refused[1]).isLessThanOrEqualTo(1000);

        // revoking the refresh token ends the rest of its grant: a new access token from it is impossible
        assertThat(app.revoke(pair.get("refresh_token").asText()).statusCode()).isEqualTo(200);
        assertThat(error(app.refresh(pair.get("refresh_token").asText()))).isEqualTo("invalid_grant");
        // RFC 7009: an unknown token is 200 as well
        assertThat(app.revoke("swo_" + "ab".repeat(32)).statusCode()).isEqualTo(200);
        assertThat(app.revoke("not a token at all").statusCode()).isEqualTo(200);
    }

    @Test
    void revokingARefreshTokenEndsItsAccessTokens() throws Exception {
        JsonNode pair = connect(app, "customers.read");
        assertThat(app.revoke(pair.get("refresh_token").asText()).statusCode()).isEqualTo(200);
        long[] refused = refusedWithin(app.via(gateways.url(1)), pair.get("access_token").asText());
        assertThat(refused[0]).isEqualTo(401);
        assertThat(refused[1]).isLessThanOrEqualTo(1000);
    }

    /** Through the packaged gateway (HTTP/2 where the client offers it): a form too large is refused unread. */
    @Test
    void aTokenRequestOverTheFormLimitIs413() throws Exception {
        HttpResponse<String> tooLarge = app.post("/oauth/token", Map.of("grant_type", "refresh_token",
                "refresh_token", "swr_" + "a".repeat(17 * 1024)));
        assertThat(tooLarge.statusCode()).isEqualTo(413);
        assertThat(JSON.readTree(tooLarge.body()).get("code").asText()).isEqualTo("payload_too_large");
        assertThat(error(app.refresh("swr_" + "a".repeat(64)))).as("a small one is answered").isEqualTo("invalid_grant");
    }

    @Test
    void introspectionTellsActiveFromInactive() throws Exception {
        JsonNode pair = connect(app, "customers.read");
        HttpResponse<String> active = app.introspect(pair.get("access_token").asText());
        assertThat(active.statusCode()).isEqualTo(200);
        JsonNode about = JSON.readTree(active.body());
        assertThat(about.get("active").asBoolean()).isTrue();
        assertThat(about.get("scope").asText()).isEqualTo("customers.read");
        assertThat(about.get("client_id").asText()).isEqualTo(app.clientId);
        assertThat(about.get("token_type").asText()).isEqualTo("Bearer");
        assertThat(about.get("exp").asLong() - about.get("iat").asLong()).isEqualTo(3600);
        assertThat(about.get("iss").asText()).isEqualTo(gateways.url(0));

        app.revoke(pair.get("access_token").asText());
        assertThat(JSON.readTree(app.introspect(pair.get("access_token").asText()).body()).get("active").asBoolean()).isFalse();
        assertThat(JSON.readTree(app.introspect("swo_" + "cd".repeat(32)).body()).toString()).isEqualTo("{\"active\":false}");

        HttpResponse<String> stranger = MarketplaceApp.register(gateways.url(0), ADMIN, "Other app", APP_CALLBACK,
                List.of("customers.read"), true).introspect(pair.get("refresh_token").asText());
        assertThat(JSON.readTree(stranger.body()).get("active").asBoolean()).as("another client's token").isFalse();
    }

    /**
     * CONTRACT §10: disabling an application ends every grant and token it holds, in every tenant, on every replica
     * within a second, and refuses it at the authorization endpoint (an error page, never a redirect) and the token
     * endpoint ({@code invalid_client}). Enabled again, it may connect anew; what was revoked stays revoked.
     */
    @Test
    void aDisabledApplicationLosesEveryTokenEverywhereWithinASecond() throws Exception {
        MarketplaceApp contained = MarketplaceApp.register(gateways.url(0), ADMIN, "Leaky app", APP_CALLBACK,
                List.of("customers.read"), true);
        String otherTenant = operator("POST", "/admin/v1/tenants", "{\"name\":\"Salon Borealis\",\"plan\":\"pro\"}")
                .get("id").asText();
        String otherEmail = "owner-" + UUID.randomUUID() + "@borealis.example";
        operator("POST", "/admin/v1/tenants/" + otherTenant + "/users",
                JSON.writeValueAsString(Map.of("email", otherEmail, "password", PASSWORD)));

        JsonNode here = connect(contained, "customers.read");
        String verifier = MarketplaceApp.newVerifier();
        JsonNode there = tokens(contained.exchange(MarketplaceApp.queryOf(consent(contained, "customers.read", "b",
                verifier, otherEmail)).get("code"), verifier));
        String unusedVerifier = MarketplaceApp.newVerifier();
        String unusedCode = code(contained, "customers.read", unusedVerifier);
        // both replicas know both tokens (and cache them) before the operator acts
        for (int replica = 0; replica < 2; replica++) {
            for (JsonNode pair : List.of(here, there)) {
                assertThat(contained.via(gateways.url(replica)).api("GET", "/api/v1/customers",
                        pair.get("access_token").asText()).statusCode()).isEqualTo(200);
            }
        }

        HttpResponse<String> disabled = operatorCall("PATCH", "/admin/v1/oauth-clients/" + contained.clientId,
                "{\"disabled\":true}");
        assertThat(disabled.statusCode()).as(disabled.body()).isEqualTo(200);
        assertThat(JSON.readTree(disabled.body()).get("disabled").asBoolean()).isTrue();
        for (int replica = 0; replica < 2; replica++) {
            for (JsonNode pair : List.of(here, there)) {
                long[] refused = refusedWithin(contained.via(gateways.url(replica)), pair.get("access_token").asText());
                assertThat(refused[0]).as("replica %d", replica).isEqualTo(401);
                assertThat(refused[1]).as("replica %d", replica).isLessThanOrEqualTo(1000);
            }
        }
        HttpResponse<String> refresh = contained.via(gateways.url(1)).refresh(there.get("refresh_token").asText());
        assertThat(refresh.statusCode()).isEqualTo(401);
        assertThat(error(refresh)).isEqualTo("invalid_client");
        assertThat(error(contained.exchange(unusedCode, unusedVerifier))).isEqualTo("invalid_client");
        FormBrowser.Page authorize = new FormBrowser().open(contained.via(gateways.url(1)).authorizeUri("customers.read",
                "after", MarketplaceApp.newVerifier()));
        assertThat(authorize.status()).isEqualTo(400);
        assertThat(authorize.location()).as("never a redirect").isEmpty();
        assertThat(authorize.text()).contains("This application is not available");
        assertThat(JSON.readTree(operatorCall("GET", "/admin/v1/oauth-clients/" + contained.clientId, null).body())
                .get("disabled").asBoolean()).isTrue();

        HttpResponse<String> enabled = operatorCall("PATCH", "/admin/v1/oauth-clients/" + contained.clientId,
                "{\"disabled\":false}");
        assertThat(JSON.readTree(enabled.body()).get("disabled").asBoolean()).isFalse();
        assertThat(error(contained.refresh(here.get("refresh_token").asText()))).as("revoked stays revoked")
                .isEqualTo("invalid_grant");
        assertThat(contained.api("GET", "/api/v1/customers", here.get("access_token").asText()).statusCode())
                .isEqualTo(401);
        JsonNode again = connect(contained, "customers.read");
        assertThat(contained.api("GET", "/api/v1/customers", again.get("access_token").asText()).statusCode())
                .isEqualTo(200);
    }

    /** A sign-in page open when the application is disabled can no longer approve it. */
    @Test
    void aConsentUnderWayIsRefusedOnceTheApplicationIsDisabled() throws Exception {
        MarketplaceApp contained = MarketplaceApp.register(gateways.url(0), ADMIN, "Paused app", APP_CALLBACK,
                List.of("customers.read"), false);
        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(contained.authorizeUri("customers.read", "s", MarketplaceApp.newVerifier()));
        FormBrowser.Page consent = browser.open(browser.submit(signIn, Map.of("Email", email, "Password", PASSWORD),
                "Sign in").location().orElseThrow());
        assertThat(operatorCall("PATCH", "/admin/v1/oauth-clients/" + contained.clientId, "{\"disabled\":true}")
                .statusCode()).isEqualTo(200);
        FormBrowser.Page approved = browser.submit(consent, Map.of(), "Approve");
        assertThat(approved.status()).isEqualTo(400);
        assertThat(approved.location()).isEmpty();
        try (Connection database = gateways.database(); Statement statement = database.createStatement();
                ResultSet grants = statement.executeQuery("select count(*) from oauth_grants where client_id = '"
                        + contained.clientId + "' and revoked_at is null")) {
            grants.next();
            assertThat(grants.getLong(1)).as("no grant in force").isZero();
        }
    }

    /** CONTRACT §10: a rotated secret replaces the old one at once, on every replica; tokens already issued stay. */
    @Test
    void aRotatedSecretReplacesTheOldOneAtOnce() throws Exception {
        MarketplaceApp rotating = MarketplaceApp.register(gateways.url(0), ADMIN, "Rotating app", APP_CALLBACK,
                List.of("customers.read"), true);
        JsonNode pair = connect(rotating, "customers.read");

        HttpResponse<String> rotated = operatorCall("POST", "/admin/v1/oauth-clients/" + rotating.clientId
                + "/rotate-secret", null);
        assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(200);
        assertThat(rotated.headers().firstValue("Cache-Control")).contains("no-store");
        String secret = JSON.readTree(rotated.body()).get("clientSecret").asText();
        assertThat(secret).matches("swcs_[0-9a-f]{64}").isNotEqualTo(rotating.clientSecret);

        for (int replica = 0; replica < 2; replica++) {
            HttpResponse<String> old = rotating.via(gateways.url(replica)).refresh(pair.get("refresh_token").asText());
            assertThat(old.statusCode()).as("the old secret on replica %d", replica).isEqualTo(401);
            assertThat(error(old)).isEqualTo("invalid_client");
        }
        JsonNode refreshed = tokens(rotating.withSecret(secret).via(gateways.url(1))
                .refresh(pair.get("refresh_token").asText()));
        assertThat(rotating.api("GET", "/api/v1/customers", refreshed.get("access_token").asText()).statusCode())
                .isEqualTo(200);
    }

    @Test
    void theMetadataDocumentDescribesTheServer() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                URI.create(gateways.url(1) + "/.well-known/oauth-authorization-server")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode metadata = JSON.readTree(response.body());
        assertThat(metadata.get("issuer").asText()).isEqualTo(gateways.url(1));
        assertThat(metadata.get("authorization_endpoint").asText()).isEqualTo(gateways.url(1) + "/oauth/authorize");
        assertThat(metadata.get("token_endpoint").asText()).isEqualTo(gateways.url(1) + "/oauth/token");
        assertThat(metadata.get("revocation_endpoint").asText()).isEqualTo(gateways.url(1) + "/oauth/revoke");
        assertThat(metadata.get("introspection_endpoint").asText()).isEqualTo(gateways.url(1) + "/oauth/introspect");
        assertThat(metadata.get("code_challenge_methods_supported").toString()).isEqualTo("[\"S256\"]");
        assertThat(metadata.get("response_types_supported").toString()).isEqualTo("[\"code\"]");
        assertThat(metadata.get("authorization_response_iss_parameter_supported").asBoolean()).isTrue();
        List<String> scopes = new ArrayList<>();
        metadata.get("scopes_supported").forEach(scope -> scopes.add(scope.asText()));
        assertThat(scopes).contains("customers.read", "webhooks.write").hasSize(20);
    }

    @Test
    void aPublicClientConnectsWithItsIdAloneAndMayNotIntrospect() throws Exception {
        MarketplaceApp mobile = MarketplaceApp.register(gateways.url(0), ADMIN, "Bookly for phones",
                "http://127.0.0.1:53682/callback", List.of("appointments.read"), false);
        assertThat(mobile.clientSecret).isNull();
        JsonNode pair = connect(mobile, "appointments.read");
        assertThat(mobile.api("GET", "/api/v1/appointments", pair.get("access_token").asText()).statusCode()).isEqualTo(200);
        tokens(mobile.refresh(pair.get("refresh_token").asText()));

        HttpResponse<String> introspect = mobile.introspect(pair.get("access_token").asText());
        assertThat(introspect.statusCode()).isEqualTo(401);
        assertThat(error(introspect)).isEqualTo("invalid_client");
    }

    @Test
    void aWrongClientSecretIsInvalidClientWithAChallenge() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        String code = code(app, "customers.read", verifier);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(gateways.url(0) + "/oauth/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(MarketplaceApp.form(Map.of("grant_type", "authorization_code",
                        "code", code, "redirect_uri", APP_CALLBACK, "code_verifier", verifier,
                        "client_id", app.clientId, "client_secret", "swcs_" + "0".repeat(64))))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(error(response)).isEqualTo("invalid_client");
        assertThat(response.headers().firstValue("WWW-Authenticate")).isPresent();

        // client_secret_post with the right secret works; the code was not spent by the failed attempt
        HttpResponse<String> right = HTTP.send(HttpRequest.newBuilder(URI.create(gateways.url(0) + "/oauth/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(MarketplaceApp.form(Map.of("grant_type", "authorization_code",
                        "code", code, "redirect_uri", APP_CALLBACK, "code_verifier", verifier,
                        "client_id", app.clientId, "client_secret", app.clientSecret)))).build(),
                HttpResponse.BodyHandlers.ofString());
        tokens(right);
    }

    @Test
    void grantedScopesAreTheClientsAllowedOnesThatThePersonApproved() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        FormBrowser browser = new FormBrowser();
        // staff.read is a scope of the API but not one this application may ask for: it is not offered
        FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read customers.write staff.read", "s1", verifier));
        FormBrowser.Page consent = browser.open(browser.submit(signIn, Map.of("Email", email, "Password", PASSWORD),
                "Sign in").location().orElseThrow());
        assertThat(consent.text()).contains("Bookly", "customers.read", "customers.write").doesNotContain("staff.read");

        FormBrowser.Page approved = browser.submit(consent, Map.of(), "Approve", Map.of("customers.write", true));
        JsonNode pair = tokens(app.exchange(MarketplaceApp.queryOf(approved.location().orElseThrow()).get("code"), verifier));
        assertThat(pair.get("scope").asText()).isEqualTo("customers.read");
        assertThat(app.api("POST", "/api/v1/customers", pair.get("access_token").asText()).statusCode()).isEqualTo(403);
    }

    @Test
    void aScopeOfNoUseToTheApplicationIsInvalidScope() throws Exception {
        URI back = new FormBrowser().open(app.authorizeUri("staff.write", "s2", MarketplaceApp.newVerifier()))
                .location().orElseThrow();
        assertThat(MarketplaceApp.queryOf(back)).containsEntry("error", "invalid_scope").containsEntry("state", "s2")
                .containsEntry("iss", gateways.url(0));
    }

    @Test
    void aDeniedConsentSendsAccessDeniedBack() throws Exception {
        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read", "deny-me", MarketplaceApp.newVerifier()));
        FormBrowser.Page consent = browser.open(browser.submit(signIn, Map.of("Email", email, "Password", PASSWORD),
                "Sign in").location().orElseThrow());
        FormBrowser.Page denied = browser.submit(consent, Map.of(), "Deny");
        assertThat(denied.status()).isEqualTo(303);
        URI back = denied.location().orElseThrow();
        assertThat(back.toString()).startsWith(APP_CALLBACK + "?");
        assertThat(MarketplaceApp.queryOf(back)).containsEntry("error", "access_denied").containsEntry("state", "deny-me")
                .containsEntry("iss", gateways.url(0)).doesNotContainKey("code");
    }

    @Test
    void anUnregisteredRedirectOrClientIsAnErrorPageNeverARedirect() throws Exception {
        Map<String, String> query = new java.util.LinkedHashMap<>(Map.of("response_type", "code",
                "client_id", app.clientId, "redirect_uri", "https://attacker.example/steal", "state", "s",
                "code_challenge", MarketplaceApp.challengeOf(MarketplaceApp.newVerifier()), "code_challenge_method", "S256"));
        FormBrowser.Page page = new FormBrowser().open(app.authorizeUri(query));
        assertThat(page.status()).isEqualTo(400);
        assertThat(page.location()).isEmpty();
        assertThat(page.header("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(page.body()).doesNotContain("attacker.example");

        query.put("redirect_uri", APP_CALLBACK + "/");
        assertThat(new FormBrowser().open(app.authorizeUri(query)).location()).as("not exactly registered").isEmpty();

        query.put("redirect_uri", APP_CALLBACK);
        query.put("client_id", "cli_unknown");
        FormBrowser.Page unknown = new FormBrowser().open(app.authorizeUri(query));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.location()).isEmpty();
    }

    @Test
    void plainPkceOrNoneIsRefusedAtTheRedirectUri() throws Exception {
        Map<String, String> query = new java.util.LinkedHashMap<>(Map.of("response_type", "code",
                "client_id", app.clientId, "redirect_uri", APP_CALLBACK, "state", "p1", "scope", "customers.read",
                "code_challenge", MarketplaceApp.newVerifier(), "code_challenge_method", "plain"));
        Map<String, String> plain = MarketplaceApp.queryOf(new FormBrowser().open(app.authorizeUri(query)).location().orElseThrow());
        assertThat(plain).containsEntry("error", "invalid_request").containsEntry("state", "p1");

        query.remove("code_challenge");
        query.remove("code_challenge_method");
        Map<String, String> none = MarketplaceApp.queryOf(new FormBrowser().open(app.authorizeUri(query)).location().orElseThrow());
        assertThat(none).containsEntry("error", "invalid_request").containsEntry("iss", gateways.url(0));
    }

    @Test
    void formsWithoutTheirCsrfTokenAreRefusedAndChangeNothing() throws Exception {
        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read", "c1", MarketplaceApp.newVerifier()));
        FormBrowser.Page forged = browser.post(signIn.uri().resolve("/oauth/authorize/sign-in"),
                List.of(new String[] {"email", email}, new String[] {"password", PASSWORD}));
        assertThat(forged.status()).isEqualTo(403);
        assertThat(forged.location()).isEmpty();

        FormBrowser.Page consent = browser.open(browser.submit(signIn, Map.of("Email", email, "Password", PASSWORD),
                "Sign in").location().orElseThrow());
        FormBrowser.Page forgedConsent = browser.post(consent.uri(),
                List.of(new String[] {"decision", "approve"}, new String[] {"scope", "customers.read"},
                        new String[] {"csrf_token", "not-the-token"}));
        assertThat(forgedConsent.status()).isEqualTo(403);
        assertThat(forgedConsent.location()).isEmpty();
        // the real form still works afterwards: the forged post changed nothing
        assertThat(browser.submit(consent, Map.of(), "Approve").location().orElseThrow().toString()).contains("code=");
    }

    private static long rows(String table) throws Exception {
        try (Connection database = gateways.database(); Statement statement = database.createStatement();
                ResultSet count = statement.executeQuery("select count(*) from " + table)) {
            count.next();
            return count.getLong(1);
        }
    }

    /**
     * Anyone may open an authorize link, as often as they like: that stores nothing. The request is stored when a
     * person signs in (one row) and removed when they decide.
     */
    @Test
    void onlyASignInStoresAnAuthorizationRequest() throws Exception {
        long before = rows("oauth_authorization_requests");
        for (int i = 0; i < 50; i++) {
            FormBrowser browser = new FormBrowser();
            FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read", "anonymous-" + i,
                    MarketplaceApp.newVerifier()));
            assertThat(signIn.status()).isEqualTo(200);
            if (i % 10 == 0) {
                FormBrowser.Page wrong = browser.submit(signIn, Map.of("Email", email, "Password", "not it"), "Sign in");
                assertThat(wrong.text()).contains("The email or password is incorrect.");
            }
        }
        assertThat(rows("oauth_authorization_requests")).as("after 50 anonymous visits").isEqualTo(before);

        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read", "stored", MarketplaceApp.newVerifier()));
        FormBrowser.Page consent = browser.open(browser.submit(signIn, Map.of("Email", email, "Password", PASSWORD),
                "Sign in").location().orElseThrow());
        assertThat(rows("oauth_authorization_requests")).as("after one sign-in").isEqualTo(before + 1);
        assertThat(browser.submit(consent, Map.of(), "Deny").status()).isEqualTo(303);
        assertThat(rows("oauth_authorization_requests")).as("after the decision").isEqualTo(before);
    }

    /**
     * The sign-in form needs no server-side state: opened on one replica, it is accepted by the other; but only from
     * the browser it was given to (its token is bound to that browser's cookie).
     */
    @Test
    void theSignInFormWorksOnEveryReplicaButOnlyInItsOwnBrowser() throws Exception {
        String verifier = MarketplaceApp.newVerifier();
        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read", "other-replica", verifier));
        FormBrowser.Page onSecond = new FormBrowser.Page(signIn.status(),
                URI.create(gateways.url(1) + "/oauth/authorize"), signIn.headers(), signIn.body());

        FormBrowser stranger = new FormBrowser();
        stranger.open(app.authorizeUri("customers.read", "stranger", MarketplaceApp.newVerifier()));
        FormBrowser.Page forged = stranger.submit(onSecond, Map.of("Email", email, "Password", PASSWORD), "Sign in");
        assertThat(forged.status()).as("another browser's form").isEqualTo(403);
        assertThat(forged.location()).isEmpty();

        FormBrowser.Page signedIn = browser.submit(onSecond, Map.of("Email", email, "Password", PASSWORD), "Sign in");
        assertThat(signedIn.status()).as(signedIn.body()).isEqualTo(303);
        FormBrowser.Page approved = browser.submit(browser.open(signedIn.location().orElseThrow()), Map.of(), "Approve");
        Map<String, String> query = MarketplaceApp.queryOf(approved.location().orElseThrow());
        assertThat(query).containsEntry("state", "other-replica");
        tokens(app.exchange(query.get("code"), verifier));
    }

    @Test
    void pagesCarryTheSecurityHeaders() throws Exception {
        FormBrowser.Page signIn = new FormBrowser().open(app.authorizeUri("customers.read", "h", MarketplaceApp.newVerifier()));
        assertThat(signIn.header("Content-Security-Policy").orElseThrow()).contains("frame-ancestors 'none'")
                .doesNotContain("unsafe-inline");
        assertThat(signIn.header("Referrer-Policy")).contains("no-referrer");
        assertThat(signIn.header("X-Content-Type-Options")).contains("nosniff");
        assertThat(signIn.header("Cache-Control")).contains("no-store");
        assertThat(signIn.header("Set-Cookie").orElseThrow()).contains("HttpOnly").containsIgnoringCase("SameSite=Lax");
    }

    @Test
    void aWrongPasswordShowsOneMessageAndElevenLockTheAccount() throws Exception {
        String lockedEmail = "locked-" + UUID.randomUUID() + "@aurora.example";
        operator("POST", "/admin/v1/tenants/" + tenantId + "/users",
                JSON.writeValueAsString(Map.of("email", lockedEmail, "password", PASSWORD)));
        FormBrowser browser = new FormBrowser();
        FormBrowser.Page signIn = browser.open(app.authorizeUri("customers.read", "l", MarketplaceApp.newVerifier()));
        FormBrowser.Page wrong = browser.submit(signIn, Map.of("Email", lockedEmail, "Password", "wrong password"), "Sign in");
        assertThat(wrong.status()).isEqualTo(200);
        assertThat(wrong.text()).contains("The email or password is incorrect.");
        FormBrowser.Page unknown = browser.submit(signIn, Map.of("Email", "nobody@aurora.example", "Password", PASSWORD),
                "Sign in");
        assertThat(unknown.text()).contains("The email or password is incorrect.");

        for (int i = 0; i < 10; i++) {
            browser.submit(signIn, Map.of("Email", lockedEmail, "Password", "wrong password " + i), "Sign in");
        }
        FormBrowser.Page locked = browser.submit(signIn, Map.of("Email", lockedEmail, "Password", PASSWORD), "Sign in");
        assertThat(locked.status()).as("the right password, but the account is locked").isEqualTo(429);
        assertThat(locked.header("Retry-After")).isPresent();
        assertThat(locked.text()).contains("Too many failed sign-ins");
    }

    /**
     * The pages once in a real browser, as a person uses them: headless Chromium opens the application's link, fills in
     * Email and Password, presses Sign in, reads the consent page and presses Approve, and lands on the application
     * with a code that exchanges for tokens. Screenshots (desktop and 375 px) are kept in target/screenshots.
     */
    @Test
    void aPersonSignsInAndApprovesInChromium() throws Exception {
        try (ApplicationServer callback = ApplicationServer.start()) {
            MarketplaceApp web = MarketplaceApp.register(gateways.url(0), ADMIN, "Bookly", callback.url(),
                    List.of("customers.read", "appointments.read", "appointments.write"), true);
            String verifier = MarketplaceApp.newVerifier();
            try (Chromium browser = new Chromium(1280, 900)) {
                browser.open(web.authorizeUri("customers.read appointments.read appointments.write", "browser-state",
                        verifier).toString());
                assertThat(browser.text()).contains("Sign in to continue to Bookly");
                browser.screenshot("oauth-sign-in");
                browser.fill("Email", email);
                browser.fill("Password", "not the password");
                browser.press("Sign in");
                assertThat(browser.text()).contains("The email or password is incorrect.");
                browser.fill("Password", PASSWORD);
                browser.press("Sign in");

                assertThat(browser.text()).contains("Allow Bookly to use your Slotwise account?", "Salon Aurora",
                        "customers.read", "appointments.write", "Book, reschedule, check in and cancel appointments");
                assertThat(browser.field("appointments.write").isSelected()).isTrue();
                browser.screenshot("oauth-consent");
                browser.field("appointments.write").click();
                browser.press("Approve");

                assertThat(browser.awaitUrl(callback.url() + "?")).as(browser.text()).startsWith(callback.url() + "?");
                assertThat(browser.text()).contains("Bookly is connected");
                Map<String, String> query = MarketplaceApp.queryOf(URI.create(browser.driver.getCurrentUrl()));
                assertThat(query).containsEntry("state", "browser-state").containsEntry("iss", gateways.url(0));
                JsonNode pair = tokens(web.exchange(query.get("code"), verifier));
                assertThat(pair.get("scope").asText().split(" "))
                        .containsExactlyInAnyOrder("customers.read", "appointments.read");
            }
            try (Chromium phone = new Chromium(375, 812)) {
                phone.open(web.authorizeUri("customers.read appointments.read", "phone", verifier).toString());
                assertThat(phone.fitsWidth()).as("the sign-in page fits 375 px").isTrue();
                phone.screenshot("oauth-sign-in-375");
                phone.fill("Email", email);
                phone.fill("Password", PASSWORD);
                phone.press("Sign in");
                assertThat(phone.text()).contains("Approve", "Deny");
                assertThat(phone.fitsWidth()).as("the consent page fits 375 px").isTrue();
                phone.screenshot("oauth-consent-375");
            }
        }
    }
}
