package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.gateway.oauth.FormBrowser;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §10's containment of a tenant's users by the operator: the list, disabling (sessions end at once, sign-in
 * refused in the panel and at the OAuth consent with the message of wrong credentials), enabling again, a new
 * password (the old one refused, sessions ended), 404 across tenants and 422 naming the field.
 */
@QuarkusTest
class UserContainmentTest {

    @TestHTTPResource("/")
    URI base;

    private static String users(String tenant) {
        return "/admin/v1/tenants/" + tenant + "/users";
    }

    private int panelStatus(String cookie) throws Exception {
        return SignInForms.get(base, "/panel/api-keys", cookie).statusCode();
    }

    /** The OAuth consent's sign-in, as a browser posts it; answers the page it comes back with. */
    private FormBrowser.Page consentSignIn(String email, String password) throws Exception {
        String callback = "https://bookly.example/callback";
        String client = operator().body(Map.of("name", "Bookly", "redirectUris", List.of(callback),
                        "scopes", List.of("customers.read"), "confidential", false))
                .post("/admin/v1/oauth-clients").then().statusCode(201).extract().path("clientId");
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest("a verifier long enough for pkce, 43 characters at least".getBytes(StandardCharsets.US_ASCII)));
        FormBrowser browser = new FormBrowser().from(SignInForms.address());
        FormBrowser.Page signIn = browser.open(base.resolve("/oauth/authorize?response_type=code&client_id=" + client
                + "&redirect_uri=" + URLEncoder.encode(callback, StandardCharsets.UTF_8)
                + "&scope=customers.read&state=s&code_challenge=" + challenge + "&code_challenge_method=S256"));
        return browser.submit(signIn, Map.of("Email", email, "Password", password), "Sign in");
    }

    @Test
    void usersAreListedWithTheirStateAndLastSignIn() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        operator().get(users(user.get("tenantId"))).then().statusCode(200)
                .body("data.id", contains(user.get("userId")))
                .body("data[0].email", equalTo(user.get("email")))
                .body("data[0].disabled", equalTo(false))
                .body("data[0].createdAt", notNullValue())
                .body("data[0].lastSignInAt", nullValue())
                .body("data[0]", not(hasKey("passwordHash")));
        assertThat(SignInForms.open(base).signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address())
                .statusCode()).isEqualTo(303);
        String lastSignIn = operator().get(users(user.get("tenantId"))).then().extract().path("data[0].lastSignInAt");
        assertThat(lastSignIn).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,3})?Z");
    }

    @Test
    void disablingEndsSessionsAtOnceAndRefusesSignInLikeWrongCredentials() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String userPath = users(user.get("tenantId")) + "/" + user.get("userId");
        SignInForms forms = SignInForms.open(base);
        String cookie = forms.session(user.get("email"), SignInForms.address());
        assertThat(panelStatus(cookie)).isEqualTo(200);

        operator().body(Map.of("disabled", true)).patch(userPath).then().statusCode(200)
                .body("id", equalTo(user.get("userId"))).body("disabled", equalTo(true));
        assertThat(panelStatus(cookie)).as("the session ended at once").isEqualTo(303);
        HttpResponse<String> refused = forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address());
        assertThat(refused.statusCode()).isEqualTo(200);
        assertThat(refused.body()).contains("The email or password is incorrect.");
        FormBrowser.Page consent = consentSignIn(user.get("email"), SignInForms.PASSWORD);
        assertThat(consent.status()).isEqualTo(200);
        assertThat(consent.text()).contains("The email or password is incorrect.");

        operator().body(Map.of("disabled", false)).patch(userPath).then().statusCode(200).body("disabled", equalTo(false));
        assertThat(panelStatus(cookie)).as("an ended session stays ended").isEqualTo(303);
        assertThat(forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address()).statusCode())
                .isEqualTo(303);
        assertThat(consentSignIn(user.get("email"), SignInForms.PASSWORD).status()).isEqualTo(303);
    }

    @Test
    void aNewPasswordFromTheOperatorEndsSessionsAndTheOldPassword() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String userPath = users(user.get("tenantId")) + "/" + user.get("userId");
        SignInForms forms = SignInForms.open(base);
        String cookie = forms.session(user.get("email"), SignInForms.address());

        String fresh = "set by the operator 2026";
        operator().body(Map.of("password", fresh)).post(userPath + "/password").then().statusCode(200)
                .body("id", equalTo(user.get("userId"))).body("$", not(hasKey("password")));
        assertThat(panelStatus(cookie)).isEqualTo(303);
        assertThat(forms.signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address()).statusCode())
                .isEqualTo(200);
        assertThat(forms.signIn(user.get("email"), fresh, SignInForms.address()).statusCode()).isEqualTo(303);
    }

    @Test
    void aUserOfAnotherTenantIsNotFound() {
        Map<String, String> user = SignInForms.tenantWithUser();
        String other = Operator.tenant("free");
        String path = users(other) + "/" + user.get("userId");
        operator().body(Map.of("disabled", true)).patch(path).then().statusCode(404).body("code", equalTo("not_found"));
        operator().body(Map.of("password", "twelve chars at least")).post(path + "/password").then().statusCode(404);
        operator().body(Map.of("disabled", true)).patch(users(user.get("tenantId")) + "/usr_nope").then().statusCode(404);
        operator().get(users(user.get("tenantId"))).then().body("data[0].disabled", equalTo(false));
    }

    @Test
    void badBodiesAre422NamingTheFieldAndChangeNothing() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String path = users(user.get("tenantId")) + "/" + user.get("userId");
        operator().body("{\"disabled\":\"yes\"}").patch(path).then().statusCode(422)
                .body("code", equalTo("validation_failed")).body("errors[0].field", equalTo("disabled"));
        operator().body("{\"disabled\":null}").patch(path).then().statusCode(422).body("errors[0].field", equalTo("disabled"));
        operator().body("{\"email\":\"x@y.example\"}").patch(path).then().statusCode(422).body("errors[0].field", equalTo("email"));
        operator().body("[true]").patch(path).then().statusCode(400).body("code", equalTo("malformed_request"));
        operator().body(Map.of("password", "short")).post(path + "/password").then().statusCode(422)
                .body("errors[0].field", equalTo("password"));
        operator().body("{}").post(path + "/password").then().statusCode(422).body("errors[0].field", equalTo("password"));
        operator().body("{\"password\":\"long enough password\",\"extra\":1}").post(path + "/password").then()
                .statusCode(422).body("errors[0].field", equalTo("extra"));
        operator().get(users(user.get("tenantId"))).then().body("data[0].disabled", equalTo(false));
        assertThat(SignInForms.open(base).signIn(user.get("email"), SignInForms.PASSWORD, SignInForms.address())
                .statusCode()).isEqualTo(303);
    }
}
