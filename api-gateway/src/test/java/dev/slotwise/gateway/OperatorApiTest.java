package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.testing.ClockWindows;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class OperatorApiTest {

    @Test
    void onlyTheOperatorTokenOpensTheAdminApi() {
        given().get("/admin/v1/tenants/ten_x").then().statusCode(401)
                .contentType("application/problem+json").body("code", equalTo("unauthenticated"));
        given().auth().oauth2("wrong-token").get("/admin/v1/tenants/ten_x").then().statusCode(401);
        String tenant = Operator.tenant("pro");
        String key = Operator.key(tenant, "customers.read").get("key");
        given().auth().oauth2(key).get("/admin/v1/tenants/" + tenant).then().statusCode(401)
                .header("WWW-Authenticate", "Bearer").body("code", equalTo("unauthenticated"));
        // paths that a prefix check could miss reach no operator resource without the token
        for (String path : List.of("//admin/v1/tenants", "/admin//v1/tenants", "/./admin/v1/tenants",
                "/api/../admin/v1/tenants", "/%61dmin/v1/tenants", "/ADMIN/v1/tenants", "/admin/v1/tenants/",
                "/admin/v1/tenants;x", "/admin;x/v1/tenants", "/admin/v1/tenants%3Bx", "/admin%2Fv1/tenants")) {
            int status = given().urlEncodingEnabled(false).get(path).then().extract().statusCode();
            assertThat(status).as(path).isIn(401, 404);
        }
    }

    @Test
    void failedOperatorTokensAreThrottledPerAddressButTheRightTokenNeverIs() {
        // the brake counts in one-minute windows aligned to the clock (CONTRACT §6): 31 failures that straddle a
        // minute's turn are two windows' worth, each under the limit, so the burst starts with room in its minute
        long window = ClockWindows.awaitRoom(Duration.ofMinutes(1), Duration.ofSeconds(30));
        String guesser = "203.0.113.77";
        for (int i = 0; i < 30; i++) {
            given().header("X-Forwarded-For", guesser).auth().oauth2("guess-" + i).get("/admin/v1/tenants")
                    .then().statusCode(401).body("code", equalTo("unauthenticated"));
        }
        given().header("X-Forwarded-For", guesser).auth().oauth2("guess-31").get("/admin/v1/tenants")
                .then().statusCode(429).contentType("application/problem+json").body("code", equalTo("rate_limited"))
                .header("Retry-After", matchesPattern("[1-9][0-9]*"));
        given().header("X-Forwarded-For", guesser).auth().oauth2(GatewayTestResource.ADMIN_TOKEN)
                .get("/admin/v1/tenants").then().statusCode(200);
        // another address is not held back by this one's guesses
        given().header("X-Forwarded-For", "203.0.113.78").auth().oauth2("one-guess").get("/admin/v1/tenants")
                .then().statusCode(401);
        assertThat(ClockWindows.current(Duration.ofMinutes(1))).as("the guesses fitted in one minute").isEqualTo(window);
    }

    @Test
    void createsAndReadsTenants() {
        String id = operator().body(Map.of("name", "Studio Nord", "plan", "enterprise", "timeZone", "Europe/Berlin",
                        "rateLimitPerHour", 250000))
                .post("/admin/v1/tenants").then().statusCode(201)
                .header("Location", matchesPattern("/admin/v1/tenants/ten_[0-9a-z]{26}"))
                .body("id", matchesPattern("ten_[0-9a-z]{26}"))
                .body("name", equalTo("Studio Nord"))
                .body("plan", equalTo("enterprise"))
                .body("timeZone", equalTo("Europe/Berlin"))
                .body("rateLimitPerHour", equalTo(250000))
                .body("createdAt", notNullValue())
                .extract().path("id");
        operator().get("/admin/v1/tenants/" + id).then().statusCode(200).body("name", equalTo("Studio Nord"));
        operator().body(Map.of("name", "Free one", "plan", "free")).post("/admin/v1/tenants").then().statusCode(201)
                .body("timeZone", equalTo("UTC")).body("rateLimitPerHour", nullValue());
        operator().get("/admin/v1/tenants/ten_nope").then().statusCode(404).body("code", equalTo("not_found"));
    }

    @Test
    void rejectsInvalidTenants() {
        operator().body(Map.of("name", "X", "plan", "gold")).post("/admin/v1/tenants").then().statusCode(422)
                .body("errors[0].field", equalTo("plan"));
        operator().body(Map.of("name", "X", "plan", "free", "timeZone", "Mars/Olympus")).post("/admin/v1/tenants")
                .then().statusCode(422).body("errors[0].field", equalTo("timeZone"));
        operator().body(Map.of("plan", "free")).post("/admin/v1/tenants").then().statusCode(422)
                .body("errors.field", contains("name"));
        operator().body("{\"name\":").post("/admin/v1/tenants").then().statusCode(400)
                .body("code", equalTo("malformed_request"));
        operator().body("{\"name\":\"X\\u0000\",\"plan\":\"free\"}").post("/admin/v1/tenants").then().statusCode(422)
                .body("errors[0].field", equalTo("name"));
        String tenant = Operator.tenant("free");
        operator().body("{\"name\":\"k\",\"scopes\":[null]}").post("/admin/v1/tenants/" + tenant + "/api-keys")
                .then().statusCode(422).body("errors[0].field", equalTo("scopes[0]"));
    }

    @Test
    void apiKeysAreShownOnceAndStoredOnlyAsTheirHash() throws Exception {
        String tenant = Operator.tenant("free");
        var created = operator().body(Map.of("name", "Front desk", "scopes", List.of("customers.read", "customers.write")))
                .post("/admin/v1/tenants/" + tenant + "/api-keys").then().statusCode(201)
                .header("Cache-Control", "no-store")
                .body("id", matchesPattern("key_[0-9a-z]{26}"))
                .body("name", equalTo("Front desk"))
                .body("scopes", containsInAnyOrder("customers.read", "customers.write"))
                .body("key", matchesPattern("swk_[0-9a-f]{64}"))
                .extract();
        String keyId = created.path("id");
        String key = created.path("key");

        operator().get("/admin/v1/tenants/" + tenant + "/api-keys").then().statusCode(200)
                .body("data.id", contains(keyId))
                .body("data[0]", not(hasKey("key")))
                .body("data[0].revokedAt", nullValue());

        var postgres = PostgresTestResource.server();
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl("gateway"), "postgres", "");
                PreparedStatement query = connection.prepareStatement("select * from api_keys where id = ?")) {
            query.setString(1, keyId);
            try (ResultSet row = query.executeQuery()) {
                assertThat(row.next()).isTrue();
                assertThat(row.getBytes("key_hash")).isEqualTo(BearerSecrets.sha256(key));
                for (int column = 1; column <= row.getMetaData().getColumnCount(); column++) {
                    assertThat(String.valueOf(row.getObject(column))).doesNotContain(key.substring(4));
                }
            }
        }
    }

    @Test
    void rejectsUnknownScopesAndUnknownTenants() {
        String tenant = Operator.tenant("free");
        operator().body(Map.of("name", "k", "scopes", List.of("customers.read", "root")))
                .post("/admin/v1/tenants/" + tenant + "/api-keys").then().statusCode(422)
                .body("errors[0].field", equalTo("scopes[1]"));
        operator().body(Map.of("name", "k", "scopes", List.of()))
                .post("/admin/v1/tenants/" + tenant + "/api-keys").then().statusCode(422);
        operator().body(Map.of("name", "k", "scopes", List.of("customers.read")))
                .post("/admin/v1/tenants/ten_missing/api-keys").then().statusCode(404);
    }

    @Test
    void revokingTwiceIsHarmlessAndUnknownKeysAre404() {
        String tenant = Operator.tenant("free");
        String keyId = Operator.key(tenant, "customers.read").get("id");
        operator().delete("/admin/v1/tenants/" + tenant + "/api-keys/" + keyId).then().statusCode(204);
        operator().delete("/admin/v1/tenants/" + tenant + "/api-keys/" + keyId).then().statusCode(204);
        operator().get("/admin/v1/tenants/" + tenant + "/api-keys").then().body("data[0].revokedAt", notNullValue());
        operator().contentType(ContentType.JSON).delete("/admin/v1/tenants/" + tenant + "/api-keys/key_nope")
                .then().statusCode(404);
    }

    @Test
    void tenantsAreListedAndPatched() {
        Operator.tenant("free");
        String first = Operator.tenant("free");
        String second = Operator.tenant("pro");
        operator().get("/admin/v1/tenants?limit=2").then().statusCode(200)
                .body("data.id", contains(second, first)).body("nextCursor", notNullValue());

        operator().body(Map.of("plan", "enterprise", "rateLimitPerHour", 20000, "timeZone", "America/New_York"))
                .patch("/admin/v1/tenants/" + first).then().statusCode(200)
                .body("plan", equalTo("enterprise"))
                .body("rateLimitPerHour", equalTo(20000))
                .body("timeZone", equalTo("America/New_York"))
                .body("name", equalTo("Salon free"));
        operator().body("{\"rateLimitPerHour\":null}").patch("/admin/v1/tenants/" + first)
                .then().statusCode(200).body("rateLimitPerHour", nullValue());
        operator().body(Map.of("plan", "gold")).patch("/admin/v1/tenants/" + first)
                .then().statusCode(422).body("errors[0].field", equalTo("plan"));
        operator().body(Map.of("timeZone", "Mars/Olympus")).patch("/admin/v1/tenants/" + first)
                .then().statusCode(422).body("errors[0].field", equalTo("timeZone"));
        operator().body(Map.of("plan", "pro")).patch("/admin/v1/tenants/ten_01jq0000000000000000000000")
                .then().statusCode(404);
        operator().get("/admin/v1/tenants/" + first).then().body("plan", equalTo("enterprise"));
    }

    @Test
    void tenantUsersKeepOnlyABcryptHash() throws Exception {
        String tenant = Operator.tenant("free");
        String password = "correct horse battery staple";
        String id = operator().body(Map.of("email", "owner@salon.example", "password", password))
                .post("/admin/v1/tenants/" + tenant + "/users").then().statusCode(201)
                .body("id", matchesPattern("usr_[0-9a-z]{26}"))
                .body("email", equalTo("owner@salon.example"))
                .body("$", not(hasKey("password")))
                .body("$", not(hasKey("passwordHash")))
                .extract().path("id");

        operator().body(Map.of("email", "OWNER@salon.example", "password", password))
                .post("/admin/v1/tenants/" + tenant + "/users").then().statusCode(409).body("code", equalTo("user_email_taken"));
        operator().body(Map.of("email", "short@salon.example", "password", "too short"))
                .post("/admin/v1/tenants/" + tenant + "/users").then().statusCode(422).body("errors[0].field", equalTo("password"));
        operator().get("/admin/v1/tenants/" + tenant + "/users").then().statusCode(200).body("data.id", contains(id));

        var postgres = PostgresTestResource.server();
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl("gateway"), "postgres", "");
                PreparedStatement query = connection.prepareStatement("select password_hash from tenant_users where id = ?")) {
            query.setString(1, id);
            try (ResultSet row = query.executeQuery()) {
                assertThat(row.next()).isTrue();
                String hash = row.getString(1);
                assertThat(hash).startsWith("$2").doesNotContain(password);
                assertThat(io.quarkus.elytron.security.common.BcryptUtil.matches(password, hash)).isTrue();
            }
        }
    }

    @Test
    void oauthClientsShowTheirSecretOnce() {
        var created = operator().body(Map.of("name", "Bookings app", "redirectUris", List.of("https://app.example/callback",
                        "http://localhost:3000/cb"), "scopes", List.of("appointments.read", "customers.read"), "confidential", true))
                .post("/admin/v1/oauth-clients").then().statusCode(201)
                .header("Cache-Control", "no-store")
                .body("clientId", matchesPattern("cli_[0-9a-z]{26}"))
                .body("clientSecret", matchesPattern("swcs_[0-9a-f]{64}"))
                .body("redirectUris", contains("https://app.example/callback", "http://localhost:3000/cb"))
                .extract();
        String clientId = created.path("clientId");
        operator().get("/admin/v1/oauth-clients/" + clientId).then().statusCode(200)
                .body("clientSecret", nullValue()).body("confidential", equalTo(true));

        operator().body(Map.of("name", "Public app", "redirectUris", List.of("https://app.example/cb"),
                        "scopes", List.of("appointments.read"), "confidential", false))
                .post("/admin/v1/oauth-clients").then().statusCode(201).body("clientSecret", nullValue());
        operator().body(Map.of("name", "Bad", "redirectUris", List.of("http://app.example/cb", "https://x.example/#f"),
                        "scopes", List.of("root"), "confidential", true))
                .post("/admin/v1/oauth-clients").then().statusCode(422)
                .body("errors.field", containsInAnyOrder("redirectUris[0]", "redirectUris[1]", "scopes[0]"));
    }
}
