package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.Test;

/**
 * How notification-service is reached (CONTRACT §18): the internal tokens the gateway mints for it when shown its
 * secret (read scopes only, one tenant each), and the calendar feeds, which calendar applications fetch without
 * any header and which reach the service without a token.
 */
@QuarkusTest
class NotificationServiceAccessTest {

    private static final String FILE = "0123456789abcdef".repeat(4) + ".ics";

    @Test
    void theServiceSecretMintsAReadOnlyServiceTokenForOneTenant() throws Exception {
        String tenant = Operator.tenant("pro");
        long before = System.currentTimeMillis() / 1000;
        JsonPath answer = given().auth().oauth2(GatewayTestResource.NOTIFICATION_SERVICE_SECRET)
                .contentType(ContentType.JSON).body(Map.of("tenantId", tenant))
                .post("/internal/v1/service-tokens").then().statusCode(200)
                .header("Cache-Control", "no-store")
                .body("tenantName", equalTo("Salon pro")).extract().jsonPath();

        JwtClaims claims = new JwtConsumerBuilder()
                .setVerificationKey(GatewayTestResource.KEYS.getPublic())
                .setExpectedIssuer("https://gateway.slotwise.internal")
                .setExpectedAudience("slotwise-services")
                .setRequireExpirationTime()
                .build().processToClaims(answer.getString("token"));
        assertThat(claims.getSubject()).isEqualTo("int_notification");
        assertThat(claims.getStringClaimValue("credential_kind")).isEqualTo("service");
        assertThat(claims.getStringClaimValue("tenant_id")).isEqualTo(tenant);
        assertThat(claims.getStringClaimValue("scope").split(" "))
                .containsExactlyInAnyOrder("services.read", "staff.read", "settings.read");
        assertThat(claims.getStringClaimValue("tz")).isEqualTo("Europe/Berlin");
        long expiresAt = answer.getLong("expiresAt");
        assertThat(expiresAt).isBetween(before + 60, claims.getExpirationTime().getValue());

        // the minted token is for services only: the public API does not take it
        given().auth().oauth2(answer.getString("token")).get("/api/v1/services").then().statusCode(401);
    }

    @Test
    void withoutTheSecretNothingIsMinted() {
        String tenant = Operator.tenant("free");
        Map<String, String> body = Map.of("tenantId", tenant);
        given().contentType(ContentType.JSON).body(body).post("/internal/v1/service-tokens").then().statusCode(401)
                .header("WWW-Authenticate", "Bearer").body("code", equalTo("unauthenticated"));
        given().auth().oauth2(GatewayTestResource.NOTIFICATION_SERVICE_SECRET + "x").contentType(ContentType.JSON)
                .body(body).post("/internal/v1/service-tokens").then().statusCode(401);
        // neither the operator's token nor a tenant's key stands in for the service's secret
        given().auth().oauth2(GatewayTestResource.ADMIN_TOKEN).contentType(ContentType.JSON).body(body)
                .post("/internal/v1/service-tokens").then().statusCode(401);
        given().auth().oauth2(Operator.key(tenant, "services.read").get("key")).contentType(ContentType.JSON).body(body)
                .post("/internal/v1/service-tokens").then().statusCode(401);
    }

    @Test
    void anUnknownTenantIs404AndABodyWithoutOneIs400() {
        given().auth().oauth2(GatewayTestResource.NOTIFICATION_SERVICE_SECRET).contentType(ContentType.JSON)
                .body(Map.of("tenantId", "ten_01jf3z9q7m2x8k4n6p0r5s1t3v")).post("/internal/v1/service-tokens")
                .then().statusCode(404).body("code", equalTo("not_found"));
        given().auth().oauth2(GatewayTestResource.NOTIFICATION_SERVICE_SECRET).contentType(ContentType.JSON)
                .body("{\"tenant\":1}").post("/internal/v1/service-tokens").then().statusCode(400);
        given().auth().oauth2(GatewayTestResource.NOTIFICATION_SERVICE_SECRET).contentType(ContentType.JSON)
                .body("{").post("/internal/v1/service-tokens").then().statusCode(400);
    }

    @Test
    void aCalendarFeedIsForwardedWithoutAnyCredential() {
        int before = EchoUpstream.get().requests("GET", "/calendar/" + FILE);
        given().header("Authorization", "Bearer swk_" + "1".repeat(64)).header("X-Slotwise-Internal", "forged")
                .get("/calendar/" + FILE).then().statusCode(200).header("X-Upstream", "echo");
        EchoUpstream.Seen seen = EchoUpstream.get().last();
        assertThat(seen.uri()).isEqualTo("/calendar/" + FILE);
        assertThat(seen.headers()).doesNotContainKeys("Authorization", "X-Slotwise-Internal");
        assertThat(EchoUpstream.get().requests("GET", "/calendar/" + FILE)).isEqualTo(before + 1);

        given().get("/calendar/" + FILE).then().statusCode(200);
        assertThat(EchoUpstream.get().last().headers()).doesNotContainKey("Authorization");
    }

    @Test
    void onlyAFeedsNameReachesTheServiceAndOnlyToBeRead() {
        int before = EchoUpstream.get().requests("GET", "/calendar/");
        given().get("/calendar/").then().statusCode(404).contentType("application/problem+json");
        given().get("/calendar/" + FILE.toUpperCase()).then().statusCode(404);
        given().get("/calendar/" + FILE + "/x").then().statusCode(404);
        assertThat(EchoUpstream.get().requests("GET", "/calendar/")).isEqualTo(before);
        given().post("/calendar/" + FILE).then().statusCode(405).header("Allow", "GET");
    }
}
