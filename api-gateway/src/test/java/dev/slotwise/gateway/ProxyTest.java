package dev.slotwise.gateway;

import static dev.slotwise.gateway.Operator.operator;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.Test;

/** The public request path: bearer keys, scopes, routing, and what reaches the owning service. */
@QuarkusTest
class ProxyTest {

    @Test
    void forwardsWithAnInternalTokenAndWithoutClientSentInternalHeaders() throws Exception {
        String tenant = Operator.tenant("pro");
        Map<String, String> key = Operator.key(tenant, "customers.read", "customers.write");
        given().auth().oauth2(key.get("key")).contentType(ContentType.JSON)
                .header("X-Tenant-Id", "ten_forged")
                .header("X-Slotwise-Internal", "forged")
                .header("X-Request-Id", "client-req-1")
                .body("{\"firstName\":\"Ada\"}")
                .post("/api/v1/customers?limit=5")
                .then().statusCode(201)
                .header("X-Upstream", "echo")
                .header("X-Request-Id", "client-req-1")
                .body("echo.firstName", equalTo("Ada"));

        EchoUpstream.Seen seen = EchoUpstream.get().last();
        assertThat(seen.method()).isEqualTo("POST");
        assertThat(seen.uri()).isEqualTo("/api/v1/customers?limit=5");
        assertThat(seen.body()).isEqualTo("{\"firstName\":\"Ada\"}");
        assertThat(seen.headers()).doesNotContainKeys("X-Tenant-Id", "X-Slotwise-Internal");
        assertThat(seen.headers().get("X-Request-Id")).isEqualTo("client-req-1");
        String authorization = seen.headers().get("Authorization");
        assertThat(authorization).startsWith("Bearer ").doesNotContain(key.get("key"));

        JwtClaims claims = new JwtConsumerBuilder()
                .setVerificationKey(GatewayTestResource.KEYS.getPublic())
                .setExpectedIssuer("https://gateway.slotwise.internal")
                .setExpectedAudience("slotwise-services")
                .setRequireExpirationTime()
                .build().processToClaims(authorization.substring("Bearer ".length()));
        assertThat(claims.getSubject()).isEqualTo(key.get("id"));
        // an API key is the business's own credential: it reaches every webhook endpoint of the tenant (CONTRACT §8)
        assertThat(claims.getStringClaimValue("credential_kind")).isEqualTo("api_key");
        assertThat(claims.getStringClaimValue("tenant_id")).isEqualTo(tenant);
        assertThat(claims.getStringClaimValue("scope").split(" ")).containsExactlyInAnyOrder("customers.read", "customers.write");
        assertThat(claims.getStringClaimValue("tz")).isEqualTo("Europe/Berlin");
        assertThat(claims.getExpirationTime().getValueInMillis() - System.currentTimeMillis()).isBetween(60_000L, 301_000L);
    }

    @Test
    void missingMalformedUnknownAndRevokedKeysAre401() {
        given().get("/api/v1/customers").then().statusCode(401)
                .header("WWW-Authenticate", "Bearer")
                .header("X-Request-Id", notNullValue())
                .contentType("application/problem+json")
                .body("code", equalTo("unauthenticated"))
                .body("requestId", notNullValue());
        given().header("Authorization", "Basic dXNlcjpwYXNz").get("/api/v1/customers").then().statusCode(401);
        given().auth().oauth2("swk_" + "0".repeat(64)).get("/api/v1/customers").then().statusCode(401);
        given().auth().oauth2("not-a-key").get("/api/v1/customers").then().statusCode(401);

        String tenant = Operator.tenant("free");
        Map<String, String> key = Operator.key(tenant, "customers.read");
        given().auth().oauth2(key.get("key")).get("/api/v1/customers").then().statusCode(200);
        operator().delete("/admin/v1/tenants/" + tenant + "/api-keys/" + key.get("id")).then().statusCode(204);
        given().auth().oauth2(key.get("key")).get("/api/v1/customers").then().statusCode(401);
    }

    @Test
    void aKeyWithoutTheRoutesScopeIs403NamingIt() {
        String key = Operator.key(Operator.tenant("free"), "customers.read").get("key");
        given().auth().oauth2(key).contentType(ContentType.JSON).body("{}").post("/api/v1/customers")
                .then().statusCode(403)
                .header("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"customers.write\"")
                .body("code", equalTo("insufficient_scope"))
                .body("detail", containsString("customers.write"));
        given().auth().oauth2(key).get("/api/webhook-endpoints").then().statusCode(403)
                .body("detail", containsString("webhooks.write"));
    }

    @Test
    void unknownPathsAre404AndWrongMethods405() {
        String key = Operator.key(Operator.tenant("free"), "customers.read").get("key");
        given().auth().oauth2(key).get("/api/v1/unicorns").then().statusCode(404)
                .contentType("application/problem+json").body("code", equalTo("not_found"));
        given().auth().oauth2(key).delete("/api/v1/customers").then().statusCode(405)
                .header("Allow", "GET, POST")
                .body("code", equalTo("method_not_allowed"));
    }

    @Test
    void aServiceThatIsDownIs503QuicklyNotAHang() {
        String key = Operator.key(Operator.tenant("free"), "appointments.read").get("key");
        long started = System.nanoTime();
        given().auth().oauth2(key).get("/api/v1/appointments").then().statusCode(503)
                .contentType("application/problem+json")
                .body("code", equalTo("upstream_unavailable"));
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(5_000);
    }

    /** CONTRACT §4's scopes (as ContractOperations writes them out): the gateway knows exactly these and routes each. */
    @Test
    void theGatewayKnowsExactlyTheScopesOfTheContractAndRoutesEachOfThem() {
        assertThat(dev.slotwise.gateway.credential.Scopes.ALL).containsExactlyInAnyOrderElementsOf(ContractOperations.SCOPES);
        assertThat(dev.slotwise.gateway.proxy.RouteTable.ROUTES.stream().map(r -> r.scope()).distinct().toList())
                .containsExactlyInAnyOrderElementsOf(ContractOperations.SCOPES);
    }

    /**
     * Issue 34: the gateway starts every trace. A client's {@code traceparent} (sampled, in a trace of its choosing),
     * {@code tracestate} and {@code baggage} neither decide the sampling (tests sample nothing: ratio 0) nor reach
     * the service; what the service gets is the gateway's own trace context.
     */
    @Test
    void aClientsTraceContextIsNeitherHonouredNorPassedOn() {
        String clientTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
        String key = Operator.key(Operator.tenant("pro"), "customers.read").get("key");
        given().auth().oauth2(key)
                .header("traceparent", "00-" + clientTrace + "-00f067aa0ba902b7-01")
                .header("tracestate", "vendor=chosen-by-the-client")
                .header("baggage", "user=mallory,role=admin")
                .get("/api/v1/customers").then().statusCode(200);

        EchoUpstream.Seen seen = EchoUpstream.get().last();
        assertThat(seen.headers()).doesNotContainKeys("baggage", "tracestate");
        // the gateway's own context, in another trace, not sampled
        assertThat(seen.headers().get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00")
                .doesNotContain(clientTrace);
    }

    /**
     * A browser signed in to the panel sends its session cookie with every request to the gateway's host, API calls
     * included: the services never get it (they trust the internal token alone), nor the client's own cookies.
     */
    @Test
    void cookiesStayAtTheGateway() {
        String key = Operator.key(Operator.tenant("pro"), "customers.read").get("key");
        given().auth().oauth2(key).header("Cookie", "__Host-slotwise_session=a-panel-session; theme=dark")
                .get("/api/v1/customers").then().statusCode(200);

        EchoUpstream.Seen seen = EchoUpstream.get().last();
        assertThat(seen.uri()).startsWith("/api/v1/customers");
        assertThat(seen.headers()).doesNotContainKey("Cookie").containsKey("Authorization");
    }
}
