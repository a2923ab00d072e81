package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
import static dev.slotwise.stack.StackApi.assertProblem;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static dev.slotwise.stack.StackApi.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.stack.StackApi.Answer;
import dev.slotwise.testing.WebhookReceiver;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §8 "Who may see what" through the real gateway, with real OAuth access tokens of two marketplace
 * applications (authorization code + PKCE, a person signing in and approving): each application reaches only the
 * webhook endpoints its own grant created, the business's API key and panel reach every one, subscribing to customer
 * events needs {@code customers.read} in the same credential, and a delivery's payload needs it too. When access is
 * revoked — in the panel, at {@code /oauth/revoke}, by a reused refresh token, or by the operator disabling the
 * application — the endpoints that grant created are gone within a second or two, and no later event reaches them.
 */
@ExtendWith(SharedStack.class)
@Timeout(300)
class WebhookAudienceIT {

    private static final String PASSWORD = "audience password 0123";
    private static final String CALLBACK = "https://apps.example.test/callback";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static String tenant;
    private static String email;
    private static WebhookReceiver receiver;

    @BeforeAll
    static void tenantWithAUser() throws Exception {
        tenant = createTenant("Audience Salon");
        email = "owner-" + UUID.randomUUID() + "@audience.example";
        assertThat(call("POST", "/admin/v1/tenants/" + tenant + "/users", SharedStack.stack().adminToken(),
                JSON.writeValueAsString(Map.of("email", email, "password", PASSWORD))).status()).isEqualTo(201);
        receiver = WebhookReceiver.start();
    }

    @AfterAll
    static void stopReceiver() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void eachApplicationReachesItsOwnEndpointsAndTheBusinessReachesAll() throws Exception {
        String appA = connect("Audience A", "webhooks.write customers.read");
        String appB = connect("Audience B", "webhooks.write customers.read");
        String key = createKey(tenant, "webhooks.write", "customers.read", "customers.write").get("key").asText();

        String ofA = register(appA, "/a");
        String ofB = register(appB, "/b");
        String ofKey = register(key, "/key");

        assertThat(ids(ok(call("GET", "/api/webhook-endpoints", appA, null)))).containsExactly(ofA);
        assertThat(ids(ok(call("GET", "/api/webhook-endpoints", appB, null)))).containsExactly(ofB);
        // (the tenant's other tests add endpoints of their own: the key sees those too)
        assertThat(ids(ok(call("GET", "/api/webhook-endpoints", key, null)))).contains(ofA, ofB, ofKey);

        for (String foreign : List.of(ofB, ofKey)) {
            String path = "/api/webhook-endpoints/" + foreign;
            assertProblem(call("GET", path, appA, null), 404, "not_found");
            assertProblem(call("PATCH", path, appA, "{\"url\":\"" + receiver.url("/taken") + "\"}"), 404, "not_found");
            assertProblem(call("POST", path + "/ping", appA, null), 404, "not_found");
            assertProblem(call("POST", path + "/rotate-secret", appA, null), 404, "not_found");
            assertProblem(call("GET", path + "/deliveries", appA, null), 404, "not_found");
            assertProblem(call("DELETE", path, appA, null), 404, "not_found");
            assertThat(ok(call("GET", path, key, null)).get("url").asText()).startsWith(receiver.url(""));
        }

        // a customer's event reaches all three; the application reads its own delivery, with the payload
        String customer = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Grace\"}"));
        String deliveryOfA = awaitDelivery(appA, ofA);
        JsonNode detail = ok(call("GET", "/api/webhook-endpoints/" + ofA + "/deliveries/" + deliveryOfA, appA, null));
        assertThat(detail.get("payload").get("data").get("id").asText()).isEqualTo(customer);
        String deliveryOfKey = awaitDelivery(key, ofKey);
        assertProblem(call("GET", "/api/webhook-endpoints/" + ofKey + "/deliveries/" + deliveryOfKey, appA, null),
                404, "not_found");
        assertProblem(call("POST", "/api/webhook-endpoints/" + ofKey + "/deliveries/" + deliveryOfKey + "/replay",
                appA, null), 404, "not_found");

        // the panel acts for the business: it lists the applications' endpoints too
        String panel = panelPage("/panel/webhooks");
        assertThat(panel).contains(ofA, ofB, ofKey);
    }

    @Test
    void customerEventsAndTheirPayloadsNeedCustomersRead() throws Exception {
        String writerOnly = connect("Audience C", "webhooks.write");
        Answer refused = call("POST", "/api/webhook-endpoints", writerOnly, JSON.writeValueAsString(
                Map.of("url", receiver.url("/c"), "events", List.of("customer.created"))));
        assertProblem(refused, 403, "insufficient_scope");
        assertThat(refused.header("WWW-Authenticate")).isEqualTo("Bearer error=\"insufficient_scope\", scope=\"customers.read\"");
        assertThat(refused.body().get("detail").asText()).contains("customers.read");
        assertThat(ids(ok(call("GET", "/api/webhook-endpoints", writerOnly, null)))).isEmpty();

        // API keys follow the same rule
        String narrowKey = createKey(tenant, "webhooks.write").get("key").asText();
        assertProblem(call("POST", "/api/webhook-endpoints", narrowKey, JSON.writeValueAsString(
                Map.of("url", receiver.url("/narrow"), "events", List.of("customer.created")))), 403, "insufficient_scope");

        // the payload of a customer event: shown with customers.read, null without it
        String fullKey = createKey(tenant, "webhooks.write", "customers.read", "customers.write").get("key").asText();
        String endpoint = register(fullKey, "/payloads");
        created(call("POST", "/api/v1/customers", fullKey, "{\"firstName\":\"Ada\"}"));
        String delivery = "/api/webhook-endpoints/" + endpoint + "/deliveries/" + awaitDelivery(fullKey, endpoint);
        assertThat(ok(call("GET", delivery, fullKey, null)).get("payload").get("type").asText()).isEqualTo("customer.created");
        JsonNode hidden = ok(call("GET", delivery, narrowKey, null));
        assertThat(hidden.has("payload")).isTrue();
        assertThat(hidden.get("payload").isNull()).isTrue();
        assertThat(hidden.get("eventType").asText()).isEqualTo("customer.created");
    }

    @Test
    void revokingAnApplicationsAccessEndsTheEndpointsItsGrantCreatedAtOnce() throws Exception {
        try (WebhookReceiver ofApps = WebhookReceiver.start()) {
            String key = createKey(tenant, "webhooks.write", "customers.read", "customers.write").get("key").asText();
            String scope = "webhooks.write customers.read";
            Map<String, Connection> apps = new LinkedHashMap<>();
            for (String name : List.of("Revoked in the panel", "Revoked at /oauth/revoke", "Revoked by a reuse",
                    "Disabled by the operator")) {
                apps.put(name, connection(name, scope));
            }
            Map<String, String> endpoints = new LinkedHashMap<>();
            for (Map.Entry<String, Connection> app : apps.entrySet()) {
                endpoints.put(app.getKey(), created(call("POST", "/api/webhook-endpoints", app.getValue().accessToken(),
                        JSON.writeValueAsString(Map.of("url", ofApps.url("/" + app.getValue().clientId()),
                                "events", List.of("customer.created"))))));
            }
            String before = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Before\"}"));
            ofApps.await(hook -> hook.body().contains(before), apps.size(), WAIT);

            Browser panel = signedInToThePanel();
            HttpResponse<String> appsPage = panel.get("/panel/apps");
            Matcher grant = Pattern.compile(Pattern.quote("Revoked in the panel") + "</td>.*?action=\"(/panel/apps/[^\"]+/revoke)\"",
                    Pattern.DOTALL).matcher(appsPage.body());
            assertThat(grant.find()).as(appsPage.body()).isTrue();
            assertEndedAtOnce(endpoints.get("Revoked in the panel"), key, () -> assertThat(panel.post(grant.group(1),
                    "csrf_token=" + encode(csrf(appsPage))).statusCode()).isEqualTo(303));

            Connection revoked = apps.get("Revoked at /oauth/revoke");
            assertEndedAtOnce(endpoints.get("Revoked at /oauth/revoke"), key, () -> assertThat(new Browser().post(
                    "/oauth/revoke", "token=" + encode(revoked.refreshToken()) + "&client_id=" + revoked.clientId())
                    .statusCode()).isEqualTo(200));

            Connection reused = apps.get("Revoked by a reuse");
            String refresh = "grant_type=refresh_token&refresh_token=" + encode(reused.refreshToken()) + "&client_id="
                    + reused.clientId();
            assertThat(new Browser().post("/oauth/token", refresh).statusCode()).isEqualTo(200);
            assertEndedAtOnce(endpoints.get("Revoked by a reuse"), key,
                    () -> assertThat(new Browser().post("/oauth/token", refresh).statusCode()).isEqualTo(400));

            assertEndedAtOnce(endpoints.get("Disabled by the operator"), key, () -> assertThat(call("PATCH",
                    "/admin/v1/oauth-clients/" + apps.get("Disabled by the operator").clientId(),
                    SharedStack.stack().adminToken(), "{\"disabled\":true}").status()).isEqualTo(200));

            // an event after the revocations reaches the business's endpoints and none of those grants'
            String after = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"After\"}"));
            receiver.await(hook -> hook.body().contains(after), 1, WAIT);
            Thread.sleep(1_000);
            assertThat(ofApps.all()).as("deliveries to the revoked grants' endpoints").hasSize(apps.size())
                    .noneMatch(hook -> hook.body().contains(after));
        }
    }

    private interface Revocation {
        void run() throws Exception;
    }

    /** Revokes, then the endpoint the grant created is gone within two seconds (the business's key no longer finds it). */
    private static void assertEndedAtOnce(String endpoint, String key, Revocation revocation) throws Exception {
        revocation.run();
        long started = System.nanoTime();
        while (call("GET", "/api/webhook-endpoints/" + endpoint, key, null).status() == 200) {
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the endpoint is gone")
                    .isLessThan(Duration.ofSeconds(2));
            Thread.sleep(50);
        }
        assertProblem(call("GET", "/api/webhook-endpoints/" + endpoint, key, null), 404, "not_found");
    }

    private static String register(String token, String path) throws Exception {
        return created(call("POST", "/api/webhook-endpoints", token, JSON.writeValueAsString(
                Map.of("url", receiver.url(path), "events", List.of("customer.created")))));
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("data").forEach(endpoint -> ids.add(endpoint.get("id").asText()));
        return ids;
    }

    /** The id of the endpoint's first delivery, once there is one. */
    private static String awaitDelivery(String token, String endpoint) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode deliveries;
        do {
            deliveries = ok(call("GET", "/api/webhook-endpoints/" + endpoint + "/deliveries", token, null)).get("data");
            if (!deliveries.isEmpty()) {
                return deliveries.get(0).get("id").asText();
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("no delivery to " + endpoint);
    }

    /**
     * A marketplace application registered by the operator and approved by the tenant's user for these scopes
     * (authorization code with PKCE, sign-in and consent as a browser without JavaScript sends them); its access token.
     */
    private static String connect(String name, String scope) throws Exception {
        return connection(name, scope).accessToken();
    }

    /** An application's connection: its client id and the tokens the code exchanged for. */
    private record Connection(String clientId, String accessToken, String refreshToken) {
    }

    private static Connection connection(String name, String scope) throws Exception {
        JsonNode client = call("POST", "/admin/v1/oauth-clients", SharedStack.stack().adminToken(),
                JSON.writeValueAsString(Map.of("name", name, "redirectUris", List.of(CALLBACK),
                        "scopes", List.of(scope.split(" ")), "confidential", false))).body();
        String clientId = client.get("clientId").asText();
        String verifier = UUID.randomUUID() + "-" + UUID.randomUUID();
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        Browser browser = new Browser();
        HttpResponse<String> signIn = browser.get("/oauth/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + encode(CALLBACK) + "&scope=" + encode(scope) + "&state=s1&code_challenge=" + challenge
                + "&code_challenge_method=S256");
        assertThat(signIn.statusCode()).as(signIn.body()).isEqualTo(200);
        HttpResponse<String> signedIn = browser.post(formAction(signIn), "csrf_token=" + encode(csrf(signIn))
                + "&email=" + encode(email) + "&password=" + encode(PASSWORD));
        assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(303);
        HttpResponse<String> consent = browser.get(signedIn.headers().firstValue("Location").orElseThrow());
        StringBuilder approval = new StringBuilder("csrf_token=" + encode(csrf(consent)) + "&decision=approve");
        for (String each : scope.split(" ")) {
            approval.append("&scope=").append(encode(each));
        }
        HttpResponse<String> approved = browser.post("/oauth/authorize/consent", approval.toString());
        assertThat(approved.statusCode()).as(approved.body()).isEqualTo(303);
        String location = approved.headers().firstValue("Location").orElseThrow();
        Matcher code = Pattern.compile("[?&]code=([^&]+)").matcher(location);
        assertThat(code.find()).as(location).isTrue();
        HttpResponse<String> tokens = browser.post("/oauth/token", "grant_type=authorization_code&code="
                + encode(URLDecoder.decode(code.group(1), StandardCharsets.UTF_8)) + "&redirect_uri=" + encode(CALLBACK)
                + "&code_verifier=" + verifier + "&client_id=" + clientId);
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(tokens.body());
        assertThat(answer.get("scope").asText().split(" ")).containsExactlyInAnyOrder(scope.split(" "));
        return new Connection(clientId, answer.get("access_token").asText(), answer.get("refresh_token").asText());
    }

    /** The action of a page's form, as a browser resolves it (the sign-in form carries the request in its query). */
    private static String formAction(HttpResponse<String> page) {
        Matcher action = Pattern.compile("<form[^>]* action=\"([^\"]+)\"").matcher(page.body());
        assertThat(action.find()).as("a form on " + page.uri()).isTrue();
        return action.group(1).replace("&amp;", "&");
    }

    /** A panel page as the tenant's user sees it after signing in. */
    private static String panelPage(String path) throws Exception {
        HttpResponse<String> page = signedInToThePanel().get(path);
        assertThat(page.statusCode()).isEqualTo(200);
        return page.body();
    }

    private static Browser signedInToThePanel() throws Exception {
        Browser browser = new Browser();
        HttpResponse<String> signIn = browser.get("/panel/sign-in");
        assertThat(signIn.statusCode()).isEqualTo(200);
        HttpResponse<String> signedIn = browser.post("/panel/sign-in", "csrf_token=" + encode(csrf(signIn))
                + "&email=" + encode(email) + "&password=" + encode(PASSWORD));
        assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(303);
        return browser;
    }

    private static String csrf(HttpResponse<String> page) {
        Matcher token = Pattern.compile("name=\"csrf_token\" value=\"([^\"]+)\"").matcher(page.body());
        assertThat(token.find()).as("a CSRF token on " + page.uri()).isTrue();
        return token.group(1);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Cookies kept, redirects shown rather than followed, forms posted url-encoded. */
    private static final class Browser {

        private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

        HttpResponse<String> get(String pathOrUrl) throws Exception {
            return http.send(HttpRequest.newBuilder(uri(pathOrUrl)).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> post(String path, String form) throws Exception {
            return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        }

        private static URI uri(String pathOrUrl) {
            return URI.create(pathOrUrl.startsWith("http") ? pathOrUrl : SharedStack.stack().gatewayUrl() + pathOrUrl);
        }
    }
}
