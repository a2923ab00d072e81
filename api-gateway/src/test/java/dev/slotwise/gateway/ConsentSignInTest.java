package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.gateway.oauth.FormBrowser;
import dev.slotwise.gateway.signin.PasswordChecks;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The OAuth consent's sign-in and approval (CONTRACT §9) against what §10's containment does meanwhile: a user
 * disabled, or whose sessions were ended by a new password, after signing in for a consent cannot approve it (the
 * sign-in is refused like an expired one and no grant is recorded); when every password thread is busy the page says
 * so rather than blaming failed sign-ins; over plain HTTP the cookies keep their unprefixed names.
 */
@QuarkusTest
class ConsentSignInTest {

    private static final String CALLBACK = "https://bookly.example/callback";
    private static final String NEW_PASSWORD = "a fresh password from the operator";

    @TestHTTPResource("/")
    URI base;

    @Inject
    PasswordChecks passwordChecks;

    /** A browser at the consent page of a new public application, signed in as the user; answers it and the page. */
    private record OpenConsent(FormBrowser browser, FormBrowser.Page page) {

        FormBrowser.Page approve() throws Exception {
            return browser.submit(page, Map.of(), "Approve");
        }
    }

    private FormBrowser.Page authorizePage(FormBrowser browser) throws Exception {
        String client = operator().body(Map.of("name", "Bookly", "redirectUris", List.of(CALLBACK),
                        "scopes", List.of("customers.read"), "confidential", false))
                .post("/admin/v1/oauth-clients").then().statusCode(201).extract().path("clientId");
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest("a verifier long enough for pkce, 43 characters at least".getBytes(StandardCharsets.US_ASCII)));
        FormBrowser.Page signIn = browser.open(base.resolve("/oauth/authorize?response_type=code&client_id=" + client
                + "&redirect_uri=" + URLEncoder.encode(CALLBACK, StandardCharsets.UTF_8)
                + "&scope=customers.read&state=s&code_challenge=" + challenge + "&code_challenge_method=S256"));
        assertThat(signIn.status()).as(signIn.body()).isEqualTo(200);
        return signIn;
    }

    private OpenConsent openConsent(String email, String password) throws Exception {
        FormBrowser browser = new FormBrowser().from(SignInForms.address());
        FormBrowser.Page signedIn = browser.submit(authorizePage(browser), Map.of("Email", email, "Password", password),
                "Sign in");
        assertThat(signedIn.status()).as(signedIn.body()).isEqualTo(303);
        FormBrowser.Page consent = browser.open(signedIn.location().orElseThrow());
        assertThat(consent.status()).as(consent.body()).isEqualTo(200);
        assertThat(consent.text()).contains("Allow Bookly");
        return new OpenConsent(browser, consent);
    }

    private static long grantsOf(String userId) throws Exception {
        try (Connection db = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("gateway"), "postgres", "");
                PreparedStatement count = db.prepareStatement("select count(*) from oauth_grants where user_id = ?")) {
            count.setString(1, userId);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static void assertRefusedAsExpired(FormBrowser.Page refused) {
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.location()).as("never a redirect to the application").isEmpty();
        assertThat(refused.text()).contains("This sign-in has expired");
    }

    private static String userPath(Map<String, String> user) {
        return "/admin/v1/tenants/" + user.get("tenantId") + "/users/" + user.get("userId");
    }

    @Test
    void aUserDisabledWhileTheConsentIsOpenCannotApproveItNorAfterBeingEnabledAgain() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        OpenConsent first = openConsent(user.get("email"), SignInForms.PASSWORD);
        OpenConsent second = openConsent(user.get("email"), SignInForms.PASSWORD);

        operator().body(Map.of("disabled", true)).patch(userPath(user)).then().statusCode(200);
        assertRefusedAsExpired(first.approve());

        operator().body(Map.of("disabled", false)).patch(userPath(user)).then().statusCode(200);
        assertRefusedAsExpired(second.approve());
        assertThat(grantsOf(user.get("userId"))).as("no grant recorded").isZero();

        FormBrowser.Page approved = openConsent(user.get("email"), SignInForms.PASSWORD).approve();
        assertThat(approved.status()).as("signed in again after being enabled").isEqualTo(303);
        assertThat(approved.location().orElseThrow().toString()).startsWith(CALLBACK + "?code=");
        assertThat(grantsOf(user.get("userId"))).isEqualTo(1);
    }

    @Test
    void aNewPasswordEndsAConsentSignedInWithTheOldOne() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        OpenConsent open = openConsent(user.get("email"), SignInForms.PASSWORD);

        operator().body(Map.of("password", NEW_PASSWORD)).post(userPath(user) + "/password").then().statusCode(200);
        assertRefusedAsExpired(open.approve());
        assertThat(grantsOf(user.get("userId"))).isZero();

        FormBrowser.Page approved = openConsent(user.get("email"), NEW_PASSWORD).approve();
        assertThat(approved.status()).isEqualTo(303);
        assertThat(approved.location().orElseThrow().toString()).startsWith(CALLBACK + "?code=");
    }

    @Test
    void whenEveryPasswordThreadIsBusyTheSignInSaysSoAndNotThatSignInsFailed() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        FormBrowser browser = new FormBrowser().from(SignInForms.address());
        FormBrowser.Page signIn = authorizePage(browser);

        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        try {
            // take every password thread and every place in their queue with work that waits; a check still queued
            // from before would otherwise free a place for the sign-in, which would then wait behind this work
            assertThat(saturate(release, running)).as("the password threads are saturated").isTrue();
            awaitRunning(running, PasswordChecks.THREADS);
            assertThat(saturate(release, running)).as("the password threads are saturated by this test alone").isTrue();

            FormBrowser.Page busy = browser.submit(signIn, Map.of("Email", user.get("email"),
                    "Password", SignInForms.PASSWORD), "Sign in");
            assertThat(busy.status()).isEqualTo(429);
            assertThat(busy.header("Retry-After")).contains(String.valueOf(PasswordChecks.RETRY_AFTER_SECONDS));
            assertThat(busy.text()).contains("Signing in is busy right now").doesNotContain("Too many failed sign-ins");
        } finally {
            release.countDown();
        }
        FormBrowser.Page signedIn = browser.submit(signIn, Map.of("Email", user.get("email"),
                "Password", SignInForms.PASSWORD), "Sign in");
        assertThat(signedIn.status()).as("nothing was counted against the account: " + signedIn.body()).isEqualTo(303);
    }

    @Test
    void overPlainHttpTheCookiesKeepTheirNamesWithoutSecure() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        FormBrowser browser = new FormBrowser().from(SignInForms.address());
        FormBrowser.Page signIn = authorizePage(browser);
        assertThat(signIn.header("Set-Cookie").orElseThrow()).startsWith("slotwise_authorize_form=")
                .contains("Path=/oauth/authorize").contains("HttpOnly").containsIgnoringCase("SameSite=Lax")
                .doesNotContain("Secure");
        FormBrowser.Page signedIn = browser.submit(signIn, Map.of("Email", user.get("email"),
                "Password", SignInForms.PASSWORD), "Sign in");
        assertThat(signedIn.header("Set-Cookie").orElseThrow()).startsWith("slotwise_authorize=")
                .contains("Path=/oauth/authorize").doesNotContain("Secure");
    }

    /** Queues work that waits for the latch until a check is refused as saturated; answers whether one was. */
    private boolean saturate(CountDownLatch release, AtomicInteger running) {
        AtomicBoolean saturated = new AtomicBoolean();
        for (int i = 0; i < 10_000 && !saturated.get(); i++) {
            passwordChecks.run(() -> {
                running.incrementAndGet();
                return awaitQuietly(release);
            }).subscribe().with(ignored -> { }, failure -> saturated.set(failure instanceof PasswordChecks.Saturated));
        }
        return saturated.get();
    }

    private static void awaitRunning(AtomicInteger running, int threads) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (running.get() < threads) {
            assertThat(System.nanoTime()).as("every password thread runs this test's work").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static Object awaitQuietly(CountDownLatch latch) {
        try {
            return latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
