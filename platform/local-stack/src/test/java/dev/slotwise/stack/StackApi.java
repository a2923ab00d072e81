package dev.slotwise.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.testing.ApiContract;
import dev.slotwise.testing.WebhookReceiver;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The gateway of the shared stack as a client calls it, with the operator steps every test starts with. */
final class StackApi {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    record Answer(int status, Map<String, List<String>> headers, JsonNode body) {
        String header(String name) {
            return headers.getOrDefault(name.toLowerCase(), List.of()).stream().findFirst().orElse(null);
        }
    }

    private StackApi() {
    }

    static Answer call(String method, String path, String token, String body) throws IOException, InterruptedException {
        return call(method, path, token, body, Map.of());
    }

    /** {@link #call} with more request headers, such as {@code If-Match}. */
    static Answer call(String method, String path, String token, String body, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(SharedStack.stack().gatewayUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        URI uri = URI.create(SharedStack.stack().gatewayUrl() + path);
        assertThat(ApiContract.described().problems(new ApiContract.Exchange(method, uri.getRawPath(),
                uri.getRawQuery(), body == null ? null : "application/json", bytes(body), response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(null), bytes(response.body()))))
                .as("the exchange against the API description").isEmpty();
        JsonNode json = response.body().isEmpty() ? null : JSON.readTree(response.body());
        remember(json);
        return new Answer(response.statusCode(), response.headers().map(), json);
    }

    /** Every credential or secret an answer of this run handed out (API keys, tokens, webhook secrets). */
    static final Set<String> ISSUED_SECRETS = ConcurrentHashMap.newKeySet();
    private static final List<String> SECRET_FIELDS = List.of("key", "secret", "access_token", "refresh_token",
            "clientSecret");

    private static void remember(JsonNode answer) {
        if (answer == null || !answer.isObject()) {
            return;
        }
        for (String field : SECRET_FIELDS) {
            if (answer.path(field).isTextual() && answer.get(field).asText().length() >= 16) {
                ISSUED_SECRETS.add(answer.get(field).asText());
            }
        }
    }

    private static byte[] bytes(String text) {
        return text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
    }

    /** A webhook as the API description's {@code webhooks} describe it: its type, body and signature headers. */
    static void assertDescribed(WebhookReceiver.Received hook) {
        assertThat(ApiContract.described().webhookProblems(hook.headers(), hook.body()))
                .as("the webhook against the API description: " + hook.body()).isEmpty();
    }

    /** The status of a request sent as given, with whatever content type (none when empty). */
    static int send(String method, String path, String token, String contentType, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(SharedStack.stack().gatewayUrl() + path))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + token)
                .method(method, HttpRequest.BodyPublishers.ofString(body));
        if (!contentType.isEmpty()) {
            request.header("Content-Type", contentType);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    static void assertProblem(Answer answer, int status, String code) {
        assertThat(answer.status()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        assertThat(answer.body().get("code").asText()).isEqualTo(code);
        assertThat(answer.body().get("requestId").asText()).isEqualTo(answer.header("X-Request-Id"));
    }

    static String createTenant(String name) throws Exception {
        return createTenant(name, "UTC", "pro");
    }

    static String createTenant(String name, String timeZone, String plan) throws Exception {
        Answer tenant = call("POST", "/admin/v1/tenants", SharedStack.stack().adminToken(),
                "{\"name\":\"" + name + "\",\"plan\":\"" + plan + "\",\"timeZone\":\"" + timeZone + "\"}");
        assertThat(tenant.status()).isEqualTo(201);
        return tenant.body().get("id").asText();
    }

    static JsonNode createKey(String tenantId, String... scopes) throws Exception {
        Answer key = call("POST", "/admin/v1/tenants/" + tenantId + "/api-keys", SharedStack.stack().adminToken(),
                JSON.writeValueAsString(Map.of("name", "it", "scopes", List.of(scopes))));
        assertThat(key.status()).isEqualTo(201);
        return key.body();
    }

    /** One of each thing a booking or a sale refers to, made by the tenant of {@code key}. */
    record Salon(String customer, String service, String staff, String product) {
        static final int STOCK = 100;
    }

    static Salon salon(String key) throws Exception {
        return new Salon(created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Ada\"}")),
                created(call("POST", "/api/v1/services", key,
                        "{\"name\":\"Cut\",\"durationMinutes\":30,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}")),
                created(call("POST", "/api/v1/staff", key, "{\"name\":\"Ida\"}")),
                created(call("POST", "/api/v1/products", key, "{\"name\":\"Gel\",\"sku\":\"GL\",\"stockQuantity\":"
                        + Salon.STOCK + ",\"price\":{\"amount\":500,\"currency\":\"EUR\"}}")));
    }

    static String created(Answer answer) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(201);
        return answer.body().get("id").asText();
    }

    /** Each offered slot's own start, in order (a slot's segments have starts of their own, CONTRACT §16). */
    static List<String> slotStarts(JsonNode slots) {
        List<String> starts = new ArrayList<>();
        slots.forEach(slot -> starts.add(slot.get("startsAt").asText()));
        return starts;
    }

    static JsonNode ok(Answer answer) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(200);
        return answer.body();
    }
}
