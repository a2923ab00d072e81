package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
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
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * The authorization server's cookies when the gateway is published over HTTPS: the sign-in form's nonce and the
 * signed-in request's id are set as {@code __Secure-} cookies ({@code Secure}, {@code HttpOnly},
 * {@code SameSite=Lax}, {@code Path=/oauth/authorize}), deleted under the same names after the decision, and only
 * those names are read: a cookie of the plain name, which any plain-HTTP page could plant, stands in for neither.
 */
@QuarkusTest
@TestProfile(PublishedOverHttps.class)
class ConsentOverHttpsTest {

    private static final String CALLBACK = "https://bookly.example/callback";
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @TestHTTPResource("/")
    URI base;

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String cookie, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10))
                .header("Cookie", cookie).header("X-Forwarded-For", SignInForms.address())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The one cookie the answer sets under this name: its whole Set-Cookie line. */
    private static String setCookie(HttpResponse<?> answer, String name) {
        List<String> lines = answer.headers().allValues("Set-Cookie").stream()
                .filter(line -> line.startsWith(name + "=")).toList();
        assertThat(lines).as("Set-Cookie " + name + " in " + answer.headers().allValues("Set-Cookie")).hasSize(1);
        return lines.get(0);
    }

    private static String value(String setCookie) {
        return setCookie.substring(setCookie.indexOf('=') + 1, setCookie.indexOf(';'));
    }

    private static void assertSecure(String setCookie) {
        assertThat(setCookie).contains("Path=/oauth/authorize").contains("Secure").contains("HttpOnly")
                .containsIgnoringCase("SameSite=Lax").doesNotContainIgnoringCase("Domain=");
    }

    private static void assertExpiredPage(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        assertThat(answer.body()).contains("This sign-in has expired");
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static String csrf(Document page) {
        return page.selectFirst("input[name=csrf_token]").attr("value");
    }

    @Test
    void theCookiesAreSecurePrefixedAndOnlyThePrefixedNamesAreRead() throws Exception {
        Map<String, String> user = SignInForms.tenantWithUser();
        String client = operator().body(Map.of("name", "Bookly", "redirectUris", List.of(CALLBACK),
                        "scopes", List.of("customers.read"), "confidential", false))
                .post("/admin/v1/oauth-clients").then().statusCode(201).extract().path("clientId");
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest((UUID.randomUUID() + "-" + UUID.randomUUID()).getBytes(StandardCharsets.US_ASCII)));

        HttpResponse<String> authorize = get("/oauth/authorize?response_type=code&client_id=" + client
                + "&redirect_uri=" + encode(CALLBACK) + "&scope=customers.read&state=s&code_challenge=" + challenge
                + "&code_challenge_method=S256", null);
        assertThat(authorize.statusCode()).as(authorize.body()).isEqualTo(200);
        String formCookie = setCookie(authorize, "__Secure-slotwise_authorize_form");
        assertSecure(formCookie);
        assertThat(authorize.headers().allValues("Set-Cookie")).noneMatch(line -> line.startsWith("slotwise_"));
        String nonce = value(formCookie);

        Document signInPage = Jsoup.parse(authorize.body());
        String signInAction = signInPage.selectFirst("form").attr("action");
        String signInForm = "csrf_token=" + encode(csrf(signInPage)) + "&email=" + encode(user.get("email"))
                + "&password=" + encode(SignInForms.PASSWORD);
        assertExpiredPage(post(signInAction, "slotwise_authorize_form=" + nonce, signInForm));

        HttpResponse<String> signedIn = post(signInAction, "__Secure-slotwise_authorize_form=" + nonce, signInForm);
        assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(303);
        assertThat(signedIn.headers().firstValue("Location")).contains(PublishedOverHttps.PUBLIC_URL
                + "/oauth/authorize/consent");
        String requestCookie = setCookie(signedIn, "__Secure-slotwise_authorize");
        assertSecure(requestCookie);
        String request = value(requestCookie);

        assertExpiredPage(get("/oauth/authorize/consent", "slotwise_authorize=" + request));
        String cookies = "__Secure-slotwise_authorize=" + request + "; __Secure-slotwise_authorize_form=" + nonce;
        HttpResponse<String> consent = get("/oauth/authorize/consent", cookies);
        assertThat(consent.statusCode()).as(consent.body()).isEqualTo(200);
        String approval = "csrf_token=" + encode(csrf(Jsoup.parse(consent.body())))
                + "&scope=customers.read&decision=approve";
        assertExpiredPage(post("/oauth/authorize/consent", "slotwise_authorize=" + request, approval));

        HttpResponse<String> approved = post("/oauth/authorize/consent", cookies, approval);
        assertThat(approved.statusCode()).as(approved.body()).isEqualTo(303);
        assertThat(approved.headers().firstValue("Location").orElseThrow()).startsWith(CALLBACK + "?code=");
        for (String name : List.of("__Secure-slotwise_authorize", "__Secure-slotwise_authorize_form")) {
            String deleted = setCookie(approved, name);
            assertThat(value(deleted)).as("deleted under its own name").isEmpty();
            assertThat(deleted).contains("Max-Age=0");
            assertSecure(deleted);
        }
    }
}
