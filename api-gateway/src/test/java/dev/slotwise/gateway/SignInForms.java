package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The panel's sign-in form posted as a script would post it, many at once if need be: one sign-in page gives a CSRF
 * cookie and token (a double submit) that any number of posts may carry, each from the client address it names in
 * {@code X-Forwarded-For} (the tests' gateway trusts the loopback as its proxy).
 */
final class SignInForms {

    static final String PASSWORD = "correct horse battery staple";
    private static final Pattern TOKEN = Pattern.compile("name=\"csrf_token\" value=\"([^\"]+)\"");
    private static final Pattern COOKIE = Pattern.compile("^([^=;]+)=([^;]*)");
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    private final URI base;
    private final String cookie;
    private final String token;

    private SignInForms(URI base, String cookie, String token) {
        this.base = base;
        this.cookie = cookie;
        this.token = token;
    }

    /** Opens the sign-in page once. */
    static SignInForms open(URI base) throws Exception {
        HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(base.resolve("/panel/sign-in")).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher token = TOKEN.matcher(page.body());
        if (!token.find()) {
            throw new AssertionError("no CSRF token on the sign-in page: " + page.body());
        }
        return new SignInForms(base, cookieHeader(page), token.group(1));
    }

    /** The Cookie header that sends back every cookie this answer set. */
    static String cookieHeader(HttpResponse<?> answer) {
        return answer.headers().allValues("Set-Cookie").stream().map(COOKIE::matcher).filter(Matcher::find)
                .map(m -> m.group(1) + "=" + m.group(2)).collect(Collectors.joining("; "));
    }

    /** Posts the form; answers as it comes (303 to the panel when signed in). */
    CompletableFuture<HttpResponse<String>> post(String email, String password, String clientAddress) {
        String form = "csrf_token=" + encode(token) + "&email=" + encode(email) + "&password=" + encode(password);
        return HTTP.sendAsync(HttpRequest.newBuilder(base.resolve("/panel/sign-in")).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Cookie", cookie)
                .header("X-Forwarded-For", clientAddress).POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> signIn(String email, String password, String clientAddress) {
        return post(email, password, clientAddress).join();
    }

    /** A session cookie header ({@code slotwise_panel=…}) for the user, signed in from the address. */
    String session(String email, String clientAddress) {
        HttpResponse<String> answer = signIn(email, PASSWORD, clientAddress);
        if (answer.statusCode() != 303) {
            throw new AssertionError("sign-in refused: " + answer.statusCode() + " " + answer.body());
        }
        return cookieHeader(answer).replaceAll("(^|; )(__Host-)?slotwise_panel_signin=[^;]*", "").replaceFirst("^; ", "");
    }

    static HttpResponse<String> get(URI base, String path, String cookie) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(base.resolve(path)).header("Cookie", cookie).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> postForm(URI base, String path, String cookie, Map<String, String> fields)
            throws Exception {
        String form = fields.entrySet().stream().map(f -> encode(f.getKey()) + "=" + encode(f.getValue()))
                .collect(Collectors.joining("&"));
        return HTTP.send(HttpRequest.newBuilder(base.resolve(path)).header("Cookie", cookie)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The CSRF token of a panel page's forms. */
    static String csrfToken(HttpResponse<String> page) {
        Matcher token = TOKEN.matcher(page.body());
        if (!token.find()) {
            throw new AssertionError("no CSRF token on the page: " + page.body());
        }
        return token.group(1);
    }

    /** A tenant with one user whose password is {@link #PASSWORD}; answers {tenantId, userId, email}. */
    static Map<String, String> tenantWithUser() {
        String tenant = Operator.tenant("pro");
        String email = "owner-" + UUID.randomUUID() + "@salon.example";
        String user = operator().body(Map.of("email", email, "password", PASSWORD))
                .post("/admin/v1/tenants/" + tenant + "/users").then().statusCode(201).extract().path("id");
        return Map.of("tenantId", tenant, "userId", user, "email", email);
    }

    /** A client address (of the benchmarking range, 198.18.0.0/15) that no other test of this JVM uses. */
    static String address() {
        int n = ADDRESSES.incrementAndGet();
        return "198.18." + (n / 256) + "." + (n % 256);
    }

    static List<HttpResponse<String>> all(List<CompletableFuture<HttpResponse<String>>> posts) {
        return posts.stream().map(CompletableFuture::join).toList();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
