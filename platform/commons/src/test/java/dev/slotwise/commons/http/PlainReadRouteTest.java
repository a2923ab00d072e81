package dev.slotwise.commons.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.identity.InternalTokenAuthentication;
import dev.slotwise.testing.RsaKeys;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainReadRoute} on a real Vert.x server, the framework stood in for by a route after it that answers 299:
 * the plain route answers a found resource itself and hands everything else on, untouched.
 */
class PlainReadRouteTest {

    private static final String ISSUER = "https://gateway.slotwise.internal";
    private static final String AUDIENCE = "slotwise-services";
    private static final KeyPair GATEWAY = RsaKeys.generate();
    private static final KeyPair STRANGER = RsaKeys.generate();
    private static final Map<String, Map<String, String>> STORED = Map.of("ten_1", Map.of("cus_1", "Ada"));
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Vertx vertx;
    private static HttpServer server;
    private static final List<String> READS = new ArrayList<>();
    private static volatile boolean databaseDown;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        InternalTokenAuthentication authentication = new InternalTokenAuthentication(
                "-----BEGIN PUBLIC KEY-----\n" + Base64.getEncoder().encodeToString(GATEWAY.getPublic().getEncoded())
                        + "\n-----END PUBLIC KEY-----", Optional.empty(), ISSUER, AUDIENCE);
        Router router = Router.router(vertx);
        new PlainReadRoute("/api/v1/customers/{id}", "customers.read", id -> id.startsWith("cus_"),
                PlainReadRouteTest::read, authentication, new EntityTags(JSON)).register(router);
        router.route().order(10_000).handler(context -> context.response().setStatusCode(299).end("framework"));
        server = vertx.createHttpServer().requestHandler(router).listen(0).toCompletionStage().toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @BeforeEach
    void forget() {
        synchronized (READS) {
            READS.clear();
        }
        databaseDown = false;
    }

    private static Future<?> read(String tenantId, String id) {
        synchronized (READS) {
            READS.add(tenantId + "/" + id);
        }
        if (databaseDown) {
            return Future.failedFuture(new IllegalStateException("connection refused"));
        }
        String name = STORED.getOrDefault(tenantId, Map.of()).get(id);
        return Future.succeededFuture(name == null ? null : Map.of("id", id, "name", name));
    }

    @Test
    void aFoundResourceIsAnsweredWithItsJsonAndTag() throws Exception {
        HttpResponse<String> answer = get("/api/v1/customers/cus_1", token(GATEWAY.getPrivate(), "ten_1", "customers.read"), null);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json;charset=UTF-8");
        EntityTags.Tagged expected = new EntityTags(JSON).tag(Map.of("id", "cus_1", "name", "Ada"));
        assertThat(answer.body()).isEqualTo(new String(expected.bytes(), StandardCharsets.UTF_8));
        assertThat(answer.headers().firstValue("ETag")).hasValue(expected.etag());
        assertThat(READS).containsExactly("ten_1/cus_1");
        // */* and application/json ask for JSON only as well
        assertThat(get("/api/v1/customers/cus_1", token(GATEWAY.getPrivate(), "ten_1", "customers.read"), "*/*")
                .statusCode()).isEqualTo(200);
        assertThat(get("/api/v1/customers/cus_1", token(GATEWAY.getPrivate(), "ten_1", "customers.read"),
                "application/json").statusCode()).isEqualTo(200);
    }

    @Test
    void anythingElseGoesToTheFrameworkUnanswered() throws Exception {
        String reader = token(GATEWAY.getPrivate(), "ten_1", "customers.read");
        assertFramework(get("/api/v1/customers/cus_1", null, null));
        assertFramework(get("/api/v1/customers/cus_1", "Basic YTpi", null));
        assertFramework(get("/api/v1/customers/cus_1", token(STRANGER.getPrivate(), "ten_1", "customers.read"), null));
        assertFramework(get("/api/v1/customers/cus_1", token(GATEWAY.getPrivate(), "ten_1", "customers.write"), null));
        assertFramework(get("/api/v1/customers/cus_1", token(GATEWAY.getPrivate(), null, "customers.read"), null));
        assertFramework(get("/api/v1/customers/cus_1", reader, "text/html"));
        assertFramework(get("/api/v1/customers/cus_1", reader, "application/json, text/plain;q=0.5"));
        assertFramework(get("/api/v1/customers/xyz_1", reader, null));
        assertThat(READS).as("nothing is read for a request the route does not take").isEmpty();

        // not there, or in another tenant: read, then handed on for the framework's own answer
        assertFramework(get("/api/v1/customers/cus_2", reader, null));
        assertFramework(get("/api/v1/customers/cus_1", token(GATEWAY.getPrivate(), "ten_2", "customers.read"), null));
        databaseDown = true;
        assertFramework(get("/api/v1/customers/cus_1", reader, null));
        assertThat(READS).containsExactly("ten_1/cus_2", "ten_2/cus_1", "ten_1/cus_1");
    }

    private static void assertFramework(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).isEqualTo(299);
        assertThat(answer.body()).isEqualTo("framework");
        assertThat(answer.headers().firstValue("ETag")).isEmpty();
    }

    private HttpResponse<String> get(String path, String authorization, String accept) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + path));
        if (authorization != null) {
            request.header("Authorization", authorization.startsWith("Basic") ? authorization : "Bearer " + authorization);
        }
        if (accept != null) {
            request.header("Accept", accept);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String token(PrivateKey key, String tenantId, String scope) {
        long now = Instant.now().getEpochSecond();
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(ISSUER);
        claims.setAudience(AUDIENCE);
        claims.setSubject("key_1");
        claims.setClaim("credential_kind", "api_key");
        if (tenantId != null) {
            claims.setClaim("tenant_id", tenantId);
        }
        claims.setClaim("scope", scope);
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + 300));
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        jws.setKey(key);
        try {
            return jws.getCompactSerialization();
        } catch (org.jose4j.lang.JoseException e) {
            throw new IllegalStateException(e);
        }
    }
}
