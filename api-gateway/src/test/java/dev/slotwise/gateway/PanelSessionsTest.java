package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §13's sessions with real requests: the cookie's flags, 30 minutes idle and 12 hours at most (time moved
 * by rewriting the session's row, not by waiting), a wrong CSRF token, the Account page (a password change ends every
 * other session, a wrong current password changes nothing and counts as a failed sign-in, sign out everywhere), and
 * the password asked again before a key is minted when it was entered more than 15 minutes ago.
 */
@QuarkusTest
class PanelSessionsTest {

    @TestHTTPResource("/")
    URI base;

    private static final String NEW_PASSWORD = "a brand new passphrase 42";

    private static String sessionId(String cookie) {
        return cookie.replaceFirst(".*slotwise_panel=([^;]+).*", "$1");
    }

    /** Moves a session's times back by running SQL on its row. */
    private static void rewrite(String cookie, String assignments) throws Exception {
        try (Connection db = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("gateway"), "postgres", "");
                PreparedStatement update = db.prepareStatement("update panel_sessions set " + assignments
                        + " where id_hash = ?")) {
            update.setBytes(1, BearerSecrets.sha256(sessionId(cookie)));
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
    }

    private int status(String cookie) throws Exception {
        return SignInForms.get(base, "/panel/api-keys", cookie).statusCode();
    }

    private HttpResponse<String> page(String path, String cookie) throws Exception {
        HttpResponse<String> page = SignInForms.get(base, path, cookie);
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        return page;
    }

    private static List<String> activeKeyNames(String tenant) {
        return operator().get("/admin/v1/tenants/" + tenant + "/api-keys").then().statusCode(200)
                .extract().path("data.findAll { it.revokedAt == null }.name");
    }

    @Test
    void theSessionCookieIsHttpOnlyLaxAndScopedToThePanel() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        HttpResponse<String> signedIn = SignInForms.open(base).signIn(user.get("email"), SignInForms.PASSWORD,
                SignInForms.address());
        assertThat(signedIn.statusCode()).isEqualTo(303);
        String cookie = signedIn.headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("slotwise_panel=")).findFirst().orElseThrow();
        assertThat(cookie).contains("Path=/panel").contains("HttpOnly").containsIgnoringCase("SameSite=Lax")
                .as("plain http: no Secure, and so no __Secure- name").doesNotContainIgnoringCase("Secure;")
                .doesNotEndWith("Secure");
        assertThat(sessionId(cookie)).matches("[A-Za-z0-9_-]{43}");
    }

    @Test
    void aSessionEndsAfterThirtyIdleMinutes() throws Exception {
        String cookie = SignInForms.open(base).session(SignInForms.tenantWithUser().get("email"), SignInForms.address());
        rewrite(cookie, "last_seen_at = now() - interval '29 minutes'");
        assertThat(status(cookie)).as("29 idle minutes").isEqualTo(200);
        rewrite(cookie, "last_seen_at = now() - interval '30 minutes 1 second'");
        HttpResponse<String> after = SignInForms.get(base, "/panel/api-keys", cookie);
        assertThat(after.statusCode()).isEqualTo(303);
        assertThat(after.headers().firstValue("Location").orElseThrow()).endsWith("/panel/sign-in");
    }

    @Test
    void aSessionEndsTwelveHoursAfterSignInHoweverBusy() throws Exception {
        String cookie = SignInForms.open(base).session(SignInForms.tenantWithUser().get("email"), SignInForms.address());
        rewrite(cookie, "created_at = now() - interval '11 hours 59 minutes', password_at = now() - interval '12 hours'");
        assertThat(status(cookie)).isEqualTo(200);
        rewrite(cookie, "created_at = now() - interval '12 hours 1 second', last_seen_at = now()");
        assertThat(status(cookie)).as("used a moment ago, but signed in over 12 hours ago").isEqualTo(303);
    }

    @Test
    void aWrongCsrfTokenIs403AndChangesNothing() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String cookie = SignInForms.open(base).session(user.get("email"), SignInForms.address());
        String token = SignInForms.csrfToken(page("/panel/api-keys", cookie));
        String wrong = token.substring(0, token.length() - 1) + (token.endsWith("A") ? "B" : "A");

        HttpResponse<String> key = SignInForms.postForm(base, "/panel/api-keys", cookie,
                Map.of("csrf_token", wrong, "name", "forged", "scope", "customers.read"));
        assertThat(key.statusCode()).isEqualTo(403);
        assertThat(activeKeyNames(user.get("tenantId"))).doesNotContain("forged");

        assertThat(SignInForms.postForm(base, "/panel/account/password", cookie, Map.of("csrf_token", wrong,
                "current_password", SignInForms.PASSWORD, "new_password", NEW_PASSWORD)).statusCode()).isEqualTo(403);
        assertThat(SignInForms.postForm(base, "/panel/sign-out", cookie, Map.of("csrf_token", wrong)).statusCode())
                .isEqualTo(403);
        assertThat(SignInForms.postForm(base, "/panel/account/sign-out-everywhere", cookie,
                Map.of("csrf_token", wrong)).statusCode()).isEqualTo(403);
        assertThat(status(cookie)).as("still signed in").isEqualTo(200);
        assertThat(SignInForms.open(base).signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address())
                .statusCode()).as("the password did not change").isEqualTo(303);
    }

    @Test
    void changingThePasswordEndsEveryOtherSessionAndKeepsThisOne() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        SignInForms forms = SignInForms.open(base);
        String here = forms.session(user.get("email"), SignInForms.address());
        String elsewhere = forms.session(user.get("email"), SignInForms.address());
        HttpResponse<String> account = page("/panel/account", here);
        assertThat(account.body()).contains("Current password", "New password", "Change password", "Sign out everywhere");

        HttpResponse<String> changed = SignInForms.postForm(base, "/panel/account/password", here, Map.of(
                "csrf_token", SignInForms.csrfToken(account), "current_password", SignInForms.PASSWORD,
                "new_password", NEW_PASSWORD));
        assertThat(changed.statusCode()).as(changed.body()).isEqualTo(303);
        assertThat(page(changed.headers().firstValue("Location").orElseThrow(), here).body())
                .contains("Your password was changed.");
        assertThat(status(elsewhere)).as("the other session ended").isEqualTo(303);
        assertThat(forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address()).statusCode())
                .as("the old password").isEqualTo(200);
        assertThat(forms.signIn(user.get("email"), NEW_PASSWORD, SignInForms.address()).statusCode()).isEqualTo(303);
    }

    @Test
    void aWrongCurrentPasswordChangesNothingAndCountsAsAFailedSignIn() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String cookie = SignInForms.open(base).session(user.get("email"), SignInForms.address());
        String token = SignInForms.csrfToken(page("/panel/account", cookie));

        HttpResponse<String> tooShort = SignInForms.postForm(base, "/panel/account/password", cookie, Map.of(
                "csrf_token", token, "current_password", SignInForms.PASSWORD, "new_password", "short"));
        assertThat(tooShort.body()).contains("New password must be 12 to 72 characters");
        for (int i = 0; i < 11; i++) {
            HttpResponse<String> wrong = SignInForms.postForm(base, "/panel/account/password", cookie, Map.of(
                    "csrf_token", token, "current_password", "not it " + i, "new_password", NEW_PASSWORD));
            assertThat(wrong.statusCode()).isEqualTo(200);
            assertThat(wrong.body()).contains("The current password is incorrect. Nothing was changed.");
        }
        HttpResponse<String> locked = SignInForms.postForm(base, "/panel/account/password", cookie, Map.of(
                "csrf_token", token, "current_password", SignInForms.PASSWORD, "new_password", NEW_PASSWORD));
        assertThat(locked.statusCode()).as("eleven wrong passwords lock the account, here too").isEqualTo(429);
        assertThat(locked.body()).contains("Too many failed sign-ins");
        HttpResponse<String> signIn = SignInForms.open(base).signIn(user.get("email"), SignInForms.PASSWORD,
                SignInForms.address());
        assertThat(signIn.statusCode()).as("and at the sign-in page").isEqualTo(429);
        assertThat(status(cookie)).as("the session itself goes on").isEqualTo(200);
    }

    @Test
    void signingOutEverywhereEndsEverySessionThisOneIncluded() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        SignInForms forms = SignInForms.open(base);
        String here = forms.session(user.get("email"), SignInForms.address());
        String elsewhere = forms.session(user.get("email"), SignInForms.address());
        String someoneElse = forms.session(SignInForms.tenantWithUser().get("email"), SignInForms.address());

        HttpResponse<String> out = SignInForms.postForm(base, "/panel/account/sign-out-everywhere", here,
                Map.of("csrf_token", SignInForms.csrfToken(page("/panel/account", here))));
        assertThat(out.statusCode()).isEqualTo(303);
        assertThat(out.headers().firstValue("Location").orElseThrow()).contains("/panel/sign-in");
        assertThat(status(here)).isEqualTo(303);
        assertThat(status(elsewhere)).isEqualTo(303);
        assertThat(status(someoneElse)).as("another user's session").isEqualTo(200);
        assertThat(forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address()).statusCode())
                .as("signing in again works").isEqualTo(303);
    }

    @Test
    void mintingAKeyAsksForThePasswordWhenItWasEnteredOverFifteenMinutesAgo() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String cookie = SignInForms.open(base).session(user.get("email"), SignInForms.address());
        assertThat(page("/panel/api-keys", cookie).body()).doesNotContain("key-password");

        rewrite(cookie, "password_at = now() - interval '16 minutes'");
        HttpResponse<String> keys = page("/panel/api-keys", cookie);
        assertThat(keys.body()).contains("<label for=\"key-password\">Password</label>");
        String token = SignInForms.csrfToken(keys);
        HttpResponse<String> without = SignInForms.postForm(base, "/panel/api-keys", cookie,
                Map.of("csrf_token", token, "name", "Without", "scope", "customers.read"));
        assertThat(without.body()).contains("Enter your password to create a key").doesNotContain("swk_");
        HttpResponse<String> wrong = SignInForms.postForm(base, "/panel/api-keys", cookie,
                Map.of("csrf_token", token, "name", "Wrong", "scope", "customers.read", "password", "not it"));
        assertThat(wrong.body()).contains("The password is incorrect. No key was created.").doesNotContain("swk_");
        assertThat(activeKeyNames(user.get("tenantId"))).isEmpty();

        HttpResponse<String> right = SignInForms.postForm(base, "/panel/api-keys", cookie, Map.of("csrf_token", token,
                "name", "Front desk", "scope", "customers.read", "password", SignInForms.PASSWORD));
        assertThat(right.body()).containsPattern("swk_[0-9a-f]{64}").doesNotContain("key-password");
        assertThat(activeKeyNames(user.get("tenantId"))).containsExactly("Front desk");
        HttpResponse<String> next = SignInForms.postForm(base, "/panel/api-keys", cookie,
                Map.of("csrf_token", token, "name", "Next", "scope", "customers.read"));
        assertThat(next.body()).as("entered a moment ago: no password needed").containsPattern("swk_[0-9a-f]{64}");
    }
}
