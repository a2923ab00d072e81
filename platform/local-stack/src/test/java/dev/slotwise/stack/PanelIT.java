package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;
import static dev.slotwise.stack.StackApi.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.testing.Chromium;
import dev.slotwise.testing.WebhookReceiver;
import dev.slotwise.testing.WebhookSignatures;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The tenant panel (CONTRACT §13) in Debian's headless Chromium against the packaged stack, used as a person uses it:
 * by labels and button names. Screenshots of every page, at 1280 and 375 px, go to target/screenshots/panel-*.png.
 */
@ExtendWith(SharedStack.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(300)
class PanelIT {

    private static final String PASSWORD = "panel password 0123";
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static String tenantId;
    private static String email;

    @BeforeAll
    static void tenantWithAUser() throws Exception {
        tenantId = StackApi.createTenant("Studio Nord", "Europe/Berlin", "pro");
        email = "owner-" + UUID.randomUUID() + "@studio-nord.example";
        addUser(tenantId, email);
    }

    private static void addUser(String tenant, String address) throws Exception {
        assertThat(call("POST", "/admin/v1/tenants/" + tenant + "/users", SharedStack.stack().adminToken(),
                JSON.writeValueAsString(Map.of("email", address, "password", PASSWORD))).status()).isEqualTo(201);
    }

    private static String gateway() {
        return SharedStack.stack().gatewayUrl();
    }

    private static Chromium signedIn(int width) throws Exception {
        return signedIn(width, email, PASSWORD);
    }

    private static Chromium signedIn(int width, String address, String password) throws Exception {
        Chromium browser = new Chromium(width, width < 600 ? 812 : 900);
        browser.open(gateway() + "/panel");
        assertThat(browser.awaitUrl(gateway() + "/panel/sign-in")).startsWith(gateway() + "/panel/sign-in");
        browser.fill("Email", address);
        browser.fill("Password", password);
        browser.press("Sign in");
        assertThat(browser.awaitUrl(gateway() + "/panel/api-keys")).startsWith(gateway() + "/panel/api-keys");
        return browser;
    }

    /**
     * Both widths: the page as a reviewer sees it, and no horizontal scrolling on a phone — neither of the page nor of
     * anything in it (a table that scrolls inside its wrapper counts), and nothing sticking out ({@link Chromium#fitsWidth}).
     */
    private static void screenshots(String page, String... paths) throws Exception {
        try (Chromium phone = signedIn(375)) {
            for (String path : paths) {
                phone.open(gateway() + path);
                String name = paths.length == 1 ? page : page + "-" + (java.util.Arrays.asList(paths).indexOf(path) + 1);
                phone.screenshot("panel-" + name + "-375");
                assertThat(phone.overflowing()).as(name + " at 375 px needs no horizontal scrolling").isEmpty();
            }
        }
    }

    /** The statuses in the delivery log's Status column, as shown. */
    private static List<String> shownStatuses(Chromium browser) {
        return browser.driver.findElements(org.openqa.selenium.By.cssSelector("td[data-label='Status']")).stream()
                .map(cell -> cell.getText().trim()).toList();
    }

    private static HttpResponse<String> withSession(String method, String path, String session, String form)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway() + path)).timeout(Duration.ofSeconds(10))
                .header("Cookie", "slotwise_panel=" + session);
        if (form != null) {
            request.header("Content-Type", "application/x-www-form-urlencoded");
        }
        return HTTP.send(request.method(method, form == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** How many deliveries the endpoint has, as the API lists them. */
    private static int deliveryCount(String key, String endpointId) throws Exception {
        return call("GET", "/api/webhook-endpoints/" + endpointId + "/deliveries?limit=100", key, null).body()
                .get("data").size();
    }

    private static int apiStatus(String method, String path, String key) throws Exception {
        return call(method, path, key, method.equals("POST") ? "{}" : null).status();
    }

    @Test
    @Order(1)
    void aBusinessCreatesUsesAndRevokesAnApiKey() throws Exception {
        try (Chromium browser = signedIn(1280)) {
            assertThat(browser.text()).contains("Studio Nord", "API keys", "Webhooks", "Apps", "Usage", "Account",
                    "Sign out");
            browser.screenshot("panel-sign-in-done");
            browser.fill("Name", "Front desk");
            browser.check("customers.read");
            browser.check("appointments.read");
            browser.press("Create key");
            String key = browser.field("New API key").getAttribute("value");
            assertThat(key).matches("swk_[0-9a-f]{64}");
            assertThat(browser.text()).contains("will not be shown again");
            browser.screenshot("panel-api-keys");

            assertThat(apiStatus("GET", "/api/v1/customers", key)).isEqualTo(200);
            assertThat(apiStatus("GET", "/api/v1/appointments", key)).isEqualTo(200);
            assertThat(apiStatus("POST", "/api/v1/services", key)).as("outside its scopes").isEqualTo(403);

            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            do {
                browser.open(gateway() + "/panel/api-keys");
            } while (browser.text().contains("never") && System.nanoTime() < deadline);
            assertThat(browser.text()).as("last used is shown").contains("Front desk").doesNotContain("never")
                    .doesNotContain(key);

            browser.pressInRow("Front desk", "Revoke");
            assertThat(browser.text()).contains("Revoke the key “Front desk”?");
            browser.screenshot("panel-revoke-key");
            screenshots("revoke-key", browser.driver.getCurrentUrl().substring(gateway().length()));
            browser.press("Revoke key");
            long revoked = System.nanoTime();
            int status;
            do {
                status = apiStatus("GET", "/api/v1/customers", key);
            } while (status == 200 && System.nanoTime() - revoked < Duration.ofSeconds(3).toNanos());
            assertThat(status).isEqualTo(401);
            assertThat((System.nanoTime() - revoked) / 1_000_000).isLessThanOrEqualTo(1000);
            assertThat(browser.text()).contains("The key was revoked").doesNotContain("Front desk");
        }
        screenshots("api-keys", "/panel/api-keys");
    }

    @Test
    @Order(2)
    void aBusinessRunsItsWebhooksFromThePanel() throws Exception {
        JsonNode writer = StackApi.createKey(tenantId, "customers.write");
        String reader = StackApi.createKey(tenantId, "webhooks.write").get("key").asText();
        try (WebhookReceiver receiver = WebhookReceiver.start(); Chromium browser = signedIn(1280)) {
            browser.clickLink("Webhooks");
            // an unsafe URL: the dispatcher's refusal beside the form, nothing created
            browser.fill("URL", "https://169.254.169.254/latest/meta-data");
            browser.check("customer.created");
            browser.press("Add endpoint");
            assertThat(browser.text()).contains("No endpoints yet.").containsPattern("(?i)url");
            assertThat(browser.driver.findElement(org.openqa.selenium.By.cssSelector("[role=alert]")).getText()).isNotBlank();
            browser.screenshot("panel-webhooks-refused");

            String url = receiver.url("/slotwise");
            browser.fill("URL", url);
            browser.fill("Description", "Front-desk tablet");
            browser.check("customer.created");
            browser.press("Add endpoint");
            String secret = browser.field("Signing secret").getAttribute("value");
            assertThat(secret).startsWith("whsec_");
            browser.screenshot("panel-webhooks");

            browser.clickLink(url);
            String endpointUrl = browser.driver.getCurrentUrl();
            assertThat(endpointUrl).matches(".*/panel/webhooks/we_[0-9a-z]+$");
            String endpointId = endpointUrl.substring(endpointUrl.lastIndexOf('/') + 1);

            browser.press("Send test event");
            assertThat(browser.text()).contains("A test event is on its way.");
            WebhookReceiver.Received ping = receiver.await(r -> "ping".equals(r.header("X-Slotwise-Event")), 1,
                    Duration.ofSeconds(20)).get(0);
            assertThat(WebhookSignatures.slotwiseValid(secret, ping.body(), ping.header("X-Slotwise-Signature"))).isTrue();

            // a receiver that fails until told otherwise: first attempt and six retries, then the endpoint pauses
            receiver.answer(500, 500, 500, 500, 500, 500, 500);
            JsonNode customer = call("POST", "/api/v1/customers", writer.get("key").asText(),
                    "{\"firstName\":\"Ida\",\"lastName\":\"Pfeiffer\",\"email\":\"ida-" + UUID.randomUUID() + "@example.com\"}").body();
            String customerId = customer.get("id").asText();
            receiver.await(r -> r.body().contains(customerId), 7, Duration.ofSeconds(60));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            do {
                browser.open(endpointUrl);
            } while (!browser.text().contains("Status: paused") && System.nanoTime() < deadline);
            assertThat(browser.text()).contains("Status: paused");
            browser.select("Status", "failed");
            browser.awaitUrl(endpointUrl + "?status=failed");
            assertThat(browser.text()).contains("customer.created", "500");
            assertThat(shownStatuses(browser)).as("the filter shows failed deliveries only").isNotEmpty()
                    .containsOnly("failed");
            browser.screenshot("panel-endpoint");
            browser.select("Status", "succeeded");
            browser.awaitUrl(endpointUrl + "?status=succeeded");
            assertThat(shownStatuses(browser)).as("the ping, and nothing that failed").isNotEmpty()
                    .containsOnly("succeeded");

            browser.press("Resume");
            assertThat(browser.text()).contains("The endpoint is active again");
            browser.press("Recover failed");
            assertThat(browser.text()).contains("Recover failed: 1 delivery queued.");
            receiver.await(r -> r.body().contains(customerId), 8, Duration.ofSeconds(20));

            browser.open(endpointUrl + "?status=failed");
            browser.pressInRow("customer.created", "Replay");
            assertThat(browser.text()).contains("The delivery was queued again.");
            List<WebhookReceiver.Received> all = receiver.await(r -> r.body().contains(customerId), 9, Duration.ofSeconds(20));
            assertThat(all.get(8).header("X-Slotwise-Delivery")).isNotEqualTo(all.get(0).header("X-Slotwise-Delivery"));

            browser.open(endpointUrl + "?status=failed");
            browser.clickLink("customer.created");
            assertThat(browser.text()).contains("Attempts", "Payload", customerId, "500");
            browser.screenshot("panel-delivery");
            String deliveryPath = browser.driver.getCurrentUrl().substring(gateway().length());

            browser.open(endpointUrl);
            browser.press("Pause");
            assertThat(browser.text()).contains("Status: paused");
            int deliveries = deliveryCount(reader, endpointId);
            browser.open(endpointUrl + "?status=succeeded");
            browser.pressInRow("ping", "Replay");
            assertThat(browser.driver.findElement(org.openqa.selenium.By.cssSelector("[role=alert]")).getText())
                    .as("replay while paused").contains("the endpoint is paused; resume it before replaying");
            assertThat(browser.text()).doesNotContain("The delivery was queued again.");
            assertThat(deliveryCount(reader, endpointId)).as("no new delivery").isEqualTo(deliveries);
            browser.open(endpointUrl);
            browser.press("Resume");
            assertThat(browser.text()).contains("Status: active");

            browser.press("Rotate secret");
            String rotated = browser.field("Signing secret").getAttribute("value");
            assertThat(rotated).startsWith("whsec_").isNotEqualTo(secret);

            screenshots("webhooks", "/panel/webhooks");
            screenshots("endpoint", "/panel/webhooks/" + endpointId, "/panel/webhooks/" + endpointId + "?status=failed");
            screenshots("delivery", deliveryPath);
            screenshots("delete-endpoint", "/panel/webhooks/" + endpointId + "/delete");

            browser.open(endpointUrl);
            browser.press("Delete");
            assertThat(browser.text()).contains("Delete this endpoint?");
            browser.press("Delete endpoint");
            assertThat(browser.text()).contains("The endpoint was deleted.", "No endpoints yet.");
        }
    }

    @Test
    @Order(3)
    void appsListApprovedApplicationsAndRevokeAccessAndUsageShowsTheHour() throws Exception {
        try (WebhookReceiver application = WebhookReceiver.start(); Chromium browser = signedIn(1280)) {
            browser.clickLink("Apps");
            assertThat(browser.text()).contains("No application is connected");

            // a marketplace application connects (CONTRACT §9) as this business's user
            String callback = application.url("/callback");
            JsonNode client = call("POST", "/admin/v1/oauth-clients", SharedStack.stack().adminToken(),
                    JSON.writeValueAsString(Map.of("name", "Bookly", "redirectUris", List.of(callback),
                            "scopes", List.of("customers.read"), "confidential", false))).body();
            String verifier = UUID.randomUUID() + "-" + UUID.randomUUID();
            String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
            browser.open(gateway() + "/oauth/authorize?response_type=code&client_id=" + client.get("clientId").asText()
                    + "&redirect_uri=" + URLEncoder.encode(callback, StandardCharsets.UTF_8)
                    + "&scope=customers.read&state=panel&code_challenge=" + challenge + "&code_challenge_method=S256");
            browser.fill("Email", email);
            browser.fill("Password", PASSWORD);
            browser.press("Sign in");
            browser.press("Approve");
            String landed = browser.awaitUrl(callback + "?");
            String code = landed.replaceFirst(".*[?&]code=([^&]+).*", "$1");
            HttpResponse<String> exchanged = HTTP.send(HttpRequest.newBuilder(URI.create(gateway() + "/oauth/token"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("grant_type=authorization_code&code=" + code
                            + "&redirect_uri=" + URLEncoder.encode(callback, StandardCharsets.UTF_8)
                            + "&code_verifier=" + verifier + "&client_id=" + client.get("clientId").asText())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(exchanged.statusCode()).as(exchanged.body()).isEqualTo(200);
            String access = JSON.readTree(exchanged.body()).get("access_token").asText();
            assertThat(apiStatus("GET", "/api/v1/customers", access)).isEqualTo(200);

            browser.open(gateway() + "/panel/apps");
            assertThat(browser.text()).contains("Bookly", "customers.read", email);
            browser.screenshot("panel-apps");
            browser.pressInRow("Bookly", "Revoke access");
            long revoked = System.nanoTime();
            int status;
            do {
                status = apiStatus("GET", "/api/v1/customers", access);
            } while (status == 200 && System.nanoTime() - revoked < Duration.ofSeconds(3).toNanos());
            assertThat(status).isEqualTo(401);
            assertThat((System.nanoTime() - revoked) / 1_000_000).isLessThanOrEqualTo(1000);
            assertThat(browser.text()).contains("Access was revoked", "No application is connected");

            browser.clickLink("Usage");
            assertThat(browser.text()).contains("Requests this hour", "Limit per hour", "5000", "Resets at");
            browser.screenshot("panel-usage");
        }
        screenshots("apps", "/panel/apps");
        screenshots("usage", "/panel/usage");
    }

    @Test
    @Order(4)
    void formsWithoutCsrfAnotherTenantsIdsAndSignOut() throws Exception {
        String otherTenant = StackApi.createTenant("Other Salon");
        JsonNode otherKey = StackApi.createKey(otherTenant, "webhooks.write", "customers.read");
        String otherEndpoint;
        try (WebhookReceiver theirs = WebhookReceiver.start()) {
            otherEndpoint = call("POST", "/api/webhook-endpoints", otherKey.get("key").asText(),
                    JSON.writeValueAsString(Map.of("url", theirs.url("/theirs"), "events", List.of("customer.created"))))
                    .body().get("id").asText();
        }

        try (Chromium browser = signedIn(1280)) {
            String session = browser.cookie("slotwise_panel");
            HttpResponse<String> forged = withSession("POST", "/panel/api-keys", session, "name=forged&scope=customers.read");
            assertThat(forged.statusCode()).isEqualTo(403);
            browser.open(gateway() + "/panel/api-keys");
            assertThat(browser.text()).doesNotContain("forged");

            assertThat(withSession("GET", "/panel/webhooks/" + otherEndpoint, session, null).statusCode()).isEqualTo(404);
            assertThat(withSession("GET", "/panel/webhooks/" + otherEndpoint + "/delete", session, null).statusCode())
                    .isEqualTo(404);
            assertThat(withSession("GET", "/panel/webhooks/we_doesnotexist", session, null).statusCode()).isEqualTo(404);
            HttpResponse<String> page = withSession("GET", "/panel/api-keys", session, null);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("frame-ancestors 'none'");
            assertThat(page.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(page.headers().firstValue("Referrer-Policy")).contains("no-referrer");

            browser.press("Sign out");
            assertThat(browser.awaitUrl(gateway() + "/panel/sign-in")).startsWith(gateway() + "/panel/sign-in");
            HttpResponse<String> after = withSession("GET", "/panel/api-keys", session, null);
            assertThat(after.statusCode()).as("the session ended on the server").isEqualTo(303);
            assertThat(after.headers().firstValue("Location").orElseThrow()).endsWith("/panel/sign-in");
        }
    }

    @Test
    @Order(5)
    void elevenWrongPasswordsLockTheAccount() throws Exception {
        String locked = "locked-" + UUID.randomUUID() + "@studio-nord.example";
        addUser(tenantId, locked);
        try (Chromium browser = new Chromium(1280, 900).fromAddress("203.0.113.7")) {
            browser.open(gateway() + "/panel/sign-in");
            for (int i = 0; i < 11; i++) {
                browser.fill("Email", locked);
                browser.fill("Password", "wrong password " + i);
                browser.press("Sign in");
                assertThat(browser.text()).contains("The email or password is incorrect.");
            }
            browser.fill("Email", locked);
            browser.fill("Password", PASSWORD);
            browser.press("Sign in");
            assertThat(browser.text()).contains("Too many failed sign-ins");
            assertThat(browser.driver.getCurrentUrl()).endsWith("/panel/sign-in");
            browser.screenshot("panel-sign-in-locked");
        }
    }

    @Test
    @Order(6)
    void theSignInPageWorksOnAPhone() throws Exception {
        try (Chromium phone = new Chromium(375, 812).fromAddress("203.0.113.31")) {
            phone.open(gateway() + "/panel/sign-in");
            phone.screenshot("panel-sign-in-375");
            assertThat(phone.overflowing()).as("sign-in at 375 px").isEmpty();
            phone.fill("Email", email);
            phone.fill("Password", "not the password");
            phone.press("Sign in");
            assertThat(phone.text()).contains("The email or password is incorrect.");
            phone.screenshot("panel-sign-in-refused-375");
            assertThat(phone.overflowing()).as("sign-in with its message at 375 px").isEmpty();
        }
    }

    /**
     * Account (CONTRACT §13): a wrong current password changes nothing; the right one changes it and ends the user's
     * other session, not this one; "Sign out everywhere" ends them all, this one included.
     */
    @Test
    @Order(7)
    void theAccountPageChangesThePasswordAndSignsOutEverywhere() throws Exception {
        String person = "account-" + UUID.randomUUID() + "@studio-nord.example";
        String newPassword = "a new panel passphrase 2026";
        addUser(tenantId, person);
        try (Chromium here = signedIn(1280, person, PASSWORD); Chromium elsewhere = signedIn(1280, person, PASSWORD)) {
            here.clickLink("Account");
            assertThat(here.text()).contains("Change password", "Sign out everywhere", person);
            here.fill("Current password", "not my password at all");
            here.fill("New password", newPassword);
            here.press("Change password");
            assertThat(here.text()).contains("The current password is incorrect. Nothing was changed.");
            here.screenshot("panel-account-refused");
            elsewhere.open(gateway() + "/panel/api-keys");
            assertThat(elsewhere.driver.getCurrentUrl()).as("nothing ended").endsWith("/panel/api-keys");

            here.fill("Current password", PASSWORD);
            here.fill("New password", newPassword);
            here.press("Change password");
            assertThat(here.text()).contains("Your password was changed.");
            here.screenshot("panel-account");
            elsewhere.open(gateway() + "/panel/api-keys");
            assertThat(elsewhere.awaitUrl(gateway() + "/panel/sign-in")).as("the other session ended")
                    .startsWith(gateway() + "/panel/sign-in");
            here.open(gateway() + "/panel/api-keys");
            assertThat(here.driver.getCurrentUrl()).as("this one goes on").endsWith("/panel/api-keys");

            try (Chromium third = signedIn(1280, person, newPassword)) {
                here.clickLink("Account");
                here.press("Sign out everywhere");
                assertThat(here.awaitUrl(gateway() + "/panel/sign-in")).startsWith(gateway() + "/panel/sign-in");
                assertThat(here.text()).contains("You are signed out everywhere");
                third.open(gateway() + "/panel/api-keys");
                assertThat(third.awaitUrl(gateway() + "/panel/sign-in")).startsWith(gateway() + "/panel/sign-in");
                here.open(gateway() + "/panel/api-keys");
                assertThat(here.awaitUrl(gateway() + "/panel/sign-in")).startsWith(gateway() + "/panel/sign-in");
            }
        }
        screenshots("account", "/panel/account");
    }

    /** CONTRACT §12: the docs, readable in a browser, from the gateway alone. */
    @Test
    @Order(8)
    void theApiDocsRenderInABrowser() throws Exception {
        try (Chromium browser = new Chromium(1280, 900)) {
            browser.open(gateway() + "/docs");
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!browser.text().contains("Create a customer") && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(browser.text()).contains("Slotwise API", "Customers", "Create a customer", "Webhooks");
            browser.screenshot("docs");
        }
    }
}
