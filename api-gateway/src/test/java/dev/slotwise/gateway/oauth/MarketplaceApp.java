package dev.slotwise.gateway.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A marketplace application as its developer would write it against RFC 6749 and 7636: registered by the operator,
 * it sends the browser to {@code /oauth/authorize} with a PKCE challenge and a state, and talks to the token endpoint
 * with form-encoded requests.
 */
final class MarketplaceApp {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final SecureRandom RANDOM = new SecureRandom();

    final String gateway;
    final String clientId;
    final String clientSecret;
    final String redirectUri;

    private MarketplaceApp(String gateway, String clientId, String clientSecret, String redirectUri) {
        this.gateway = gateway;
        this.clientId = clientId;
        this.clientSecret = clientSecret;
        this.redirectUri = redirectUri;
    }

    static MarketplaceApp register(String gateway, String adminToken, String name, String redirectUri,
            List<String> scopes, boolean confidential) throws Exception {
        String body = JSON.writeValueAsString(Map.of("name", name, "redirectUris", List.of(redirectUri),
                "scopes", scopes, "confidential", confidential));
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(gateway + "/admin/v1/oauth-clients"))
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() != 201) {
            throw new AssertionError("registering the client: " + created.statusCode() + " " + created.body());
        }
        JsonNode client = JSON.readTree(created.body());
        return new MarketplaceApp(gateway, client.get("clientId").asText(),
                client.path("clientSecret").isTextual() ? client.get("clientSecret").asText() : null, redirectUri);
    }

    /** The same client, as seen through another gateway replica. */
    MarketplaceApp via(String otherGateway) {
        return new MarketplaceApp(otherGateway, clientId, clientSecret, redirectUri);
    }

    /** The same client, authenticating with another secret (after a rotation). */
    MarketplaceApp withSecret(String secret) {
        return new MarketplaceApp(gateway, clientId, secret, redirectUri);
    }

    static String newVerifier() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String challengeOf(String verifier) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }

    URI authorizeUri(String scope, String state, String verifier) throws Exception {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", clientId);
        query.put("redirect_uri", redirectUri);
        query.put("scope", scope);
        query.put("state", state);
        query.put("code_challenge", challengeOf(verifier));
        query.put("code_challenge_method", "S256");
        return authorizeUri(query);
    }

    URI authorizeUri(Map<String, String> query) {
        return URI.create(gateway + "/oauth/authorize?" + form(query));
    }

    HttpResponse<String> exchange(String code, String verifier) throws Exception {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", redirectUri);
        form.put("code_verifier", verifier);
        return post("/oauth/token", form);
    }

    HttpResponse<String> refresh(String refreshToken) throws Exception {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "refresh_token");
        form.put("refresh_token", refreshToken);
        return post("/oauth/token", form);
    }

    HttpResponse<String> revoke(String token) throws Exception {
        return post("/oauth/revoke", Map.of("token", token));
    }

    HttpResponse<String> introspect(String token) throws Exception {
        return post("/oauth/introspect", Map.of("token", token));
    }

    /** A form post authenticated as this client: client_secret_basic when confidential, client_id alone when public. */
    HttpResponse<String> post(String path, Map<String, String> form) throws Exception {
        Map<String, String> fields = new LinkedHashMap<>(form);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded");
        if (clientSecret != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (encode(clientId) + ":" + encode(clientSecret)).getBytes(StandardCharsets.UTF_8)));
        } else {
            fields.put("client_id", clientId);
        }
        return HTTP.send(request.POST(HttpRequest.BodyPublishers.ofString(form(fields))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> api(String method, String path, String accessToken) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + accessToken)
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    static Map<String, String> queryOf(URI uri) {
        Map<String, String> query = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            String[] parts = pair.split("=", 2);
            query.put(URLDecoder.decode(parts[0], StandardCharsets.UTF_8),
                    parts.length == 1 ? "" : URLDecoder.decode(parts[1], StandardCharsets.UTF_8));
        }
        return query;
    }

    static String form(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
