package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A revoked grant's webhook endpoints are ended however long the webhook-dispatcher is away, and whatever happens to
 * the gateway meanwhile: the revocation in the database is the record, and the gateway tells the dispatcher
 * ({@code POST /internal/v1/grants/{grantId}/revoked}, with an internal token that speaks for that grant) until it
 * acknowledged. The dispatcher here is a stub on a port of its own, started only when the test says it is back.
 */
@QuarkusTest
@TestProfile(RevokedGrantNoticesTest.DispatcherOnItsOwnPort.class)
class RevokedGrantNoticesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static DispatcherStub dispatcher;

    /**
     * The stub's port, one for the JVM (a system property: the profile and the test may see this class through two
     * class loaders).
     */
    static int dispatcherPort() {
        return Integer.parseInt((String) System.getProperties().computeIfAbsent("gateway-tests.dispatcher-stub-port",
                name -> String.valueOf(FreePorts.next())));
    }

    /** The gateway's webhook service on a port where nothing listens until the test starts the stub. */
    public static class DispatcherOnItsOwnPort implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("slotwise.gateway.services.webhooks", "http://127.0.0.1:" + dispatcherPort());
        }
    }

    /** What reached the stub: the path and the internal token's claims. */
    record Notice(String path, JsonNode claims) {
    }

    /** Acknowledges every notice (200), and remembers it. */
    static final class DispatcherStub implements AutoCloseable {
        private final HttpServer server;
        final List<Notice> notices = new CopyOnWriteArrayList<>();

        DispatcherStub() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), dispatcherPort()), 0);
            server.createContext("/", exchange -> {
                String token = exchange.getRequestHeaders().getFirst("Authorization").substring("Bearer ".length());
                JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
                notices.add(new Notice(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath(), claims));
                byte[] answer = "{\"endpointsDeleted\":1}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
                exchange.close();
            });
            server.start();
        }

        List<Notice> about(String grantId) {
            return notices.stream().filter(n -> n.path().equals("POST /internal/v1/grants/" + grantId + "/revoked"))
                    .toList();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    @TestHTTPResource("/")
    URI base;

    @AfterAll
    static void stopDispatcher() {
        if (dispatcher != null) {
            dispatcher.close();
        }
    }

    private static Connection database() throws SQLException {
        return DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("gateway"), "postgres", "");
    }

    /** A grant of a new application, approved by the tenant's user, as a consent records it. */
    private static String grant(Map<String, String> user) throws SQLException {
        String client = operator().body(Map.of("name", "Bookly", "redirectUris", List.of("https://bookly.example/cb"),
                        "scopes", List.of("webhooks.write"), "confidential", false))
                .post("/admin/v1/oauth-clients").then().statusCode(201).extract().path("clientId");
        String grant = Ids.next("grt");
        try (Connection db = database(); PreparedStatement insert = db.prepareStatement("""
                insert into oauth_grants (id, tenant_id, client_id, user_id, scopes, created_at)
                values (?, ?, ?, ?, 'webhooks.write', now())""")) {
            insert.setString(1, grant);
            insert.setString(2, user.get("tenantId"));
            insert.setString(3, client);
            insert.setString(4, user.get("userId"));
            insert.executeUpdate();
        }
        return grant;
    }

    private static boolean acknowledged(String grant) throws SQLException {
        try (Connection db = database();
                PreparedStatement select = db.prepareStatement(
                        "select webhooks_ended_at is not null from oauth_grants where id = ?")) {
            select.setString(1, grant);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getBoolean(1);
            }
        }
    }

    private static void awaitAcknowledged(String grant) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!acknowledged(grant)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the dispatcher was never told about " + grant);
            }
            Thread.sleep(100);
        }
    }

    private static void assertToldOnceForTheGrant(String grant, Map<String, String> user) {
        List<Notice> notices = dispatcher.about(grant);
        assertThat(notices).as("one notice, acknowledged, never repeated").hasSize(1);
        JsonNode claims = notices.get(0).claims();
        assertThat(claims.get("sub").asText()).isEqualTo(grant);
        assertThat(claims.get("credential_kind").asText()).isEqualTo("oauth_grant");
        assertThat(claims.get("tenant_id").asText()).isEqualTo(user.get("tenantId"));
    }

    @Test
    void aDispatcherThatIsDownWhenAccessIsRevokedIsToldWhenItIsBack() throws Exception {
        if (dispatcher != null) {
            dispatcher.close();
            dispatcher = null;
        }
        Map<String, String> user = SignInForms.tenantWithUser();
        String grant = grant(user);
        String cookie = SignInForms.open(base).session(user.get("email"), SignInForms.address());
        HttpResponse<String> apps = SignInForms.get(base, "/panel/apps", cookie);
        assertThat(apps.body()).contains("Revoke access");
        HttpResponse<String> revoked = SignInForms.postForm(base, "/panel/apps/" + grant + "/revoke", cookie,
                Map.of("csrf_token", SignInForms.csrfToken(apps)));
        assertThat(revoked.statusCode()).isEqualTo(303);

        Thread.sleep(3 * 2_000);
        assertThat(acknowledged(grant)).as("nobody acknowledged it while the dispatcher was away").isFalse();

        dispatcher = new DispatcherStub();
        awaitAcknowledged(grant);
        Thread.sleep(3 * 2_000);
        assertToldOnceForTheGrant(grant, user);
    }

    @Test
    void aRevocationNoGatewayToldAnyoneAboutIsFoundInTheDatabase() throws Exception {
        if (dispatcher == null) {
            dispatcher = new DispatcherStub();
        }
        Map<String, String> user = SignInForms.tenantWithUser();
        String grant = grant(user);
        // revoked by a gateway that stopped before it told the dispatcher: nothing but the row says so
        try (Connection db = database();
                PreparedStatement revoke = db.prepareStatement("update oauth_grants set revoked_at = now() where id = ?")) {
            revoke.setString(1, grant);
            revoke.executeUpdate();
        }
        awaitAcknowledged(grant);
        Thread.sleep(3 * 2_000);
        assertToldOnceForTheGrant(grant, user);
    }
}
