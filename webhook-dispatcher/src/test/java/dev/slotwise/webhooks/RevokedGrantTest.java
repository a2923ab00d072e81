package dev.slotwise.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.PostgresTestResource;
import dev.slotwise.testing.WebhookReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, "nobody keeps access they should lose": when the gateway says an OAuth grant was revoked
 * ({@code POST /internal/v1/grants/{grantId}/revoked}, with a token that speaks for that grant), the endpoints the
 * grant created are deleted with every delivery they had, in one step; the next event reaches the tenant's other
 * endpoints and none of those; the grant cannot create another; saying it again changes nothing. No other credential
 * may say it.
 */
@QuarkusTest
class RevokedGrantTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static WebhookReceiver receiver;

    @BeforeAll
    static void startReceiver() {
        receiver = WebhookReceiver.start();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    private final TenantWebhooks tenant = new TenantWebhooks();
    private final String grantA = Ids.next("grt");
    private final String grantB = Ids.next("grt");

    private RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    private RequestSpecification app(String grant) {
        return as(InternalTokens.forApplication(grant, tenant.tenant, "webhooks.write", "customers.read"));
    }

    private String create(RequestSpecification as, String path) {
        return as.body(Map.of("url", receiver.url(path), "events", List.of("customer.created")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract().path("id");
    }

    private static long count(String sql, String... parameters) throws Exception {
        try (Connection db = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"), "postgres", "");
                PreparedStatement statement = db.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private void awaitDelivered(String endpoint, int deliveries) throws InterruptedException {
        tenant.awaitDeliveries(endpoint, log -> log.getList("data").size() == deliveries
                && log.getList("data.status").stream().allMatch("succeeded"::equals), WAIT);
    }

    @Test
    void aRevokedGrantsEndpointsAndAllTheirDeliveriesGoAtOnceAndTheNextEventReachesNoneOfThem() throws Exception {
        String firstOfA = create(app(grantA), "/a1");
        String secondOfA = create(app(grantA), "/a2");
        String ofB = create(app(grantB), "/b");
        String ofKey = tenant.register(receiver.url("/key"));
        tenant.publish();
        for (String endpoint : List.of(firstOfA, secondOfA, ofB, ofKey)) {
            awaitDelivered(endpoint, 1);
        }

        as(InternalTokens.forApplication(grantA, tenant.tenant)).post("/internal/v1/grants/" + grantA + "/revoked")
                .then().statusCode(200).body("grantId", equalTo(grantA)).body("endpointsDeleted", equalTo(2));

        for (String gone : List.of(firstOfA, secondOfA)) {
            tenant.api().get("/api/webhook-endpoints/" + gone).then().statusCode(404);
            assertThat(count("select count(*) from deliveries where endpoint_id = ?", gone)).as(gone).isZero();
        }
        assertThat(count("select count(*) from webhook_endpoints where created_by = ?", grantA)).isZero();
        tenant.publish();
        awaitDelivered(ofB, 2);
        awaitDelivered(ofKey, 2);
        assertThat(receiver.all().stream().filter(r -> r.header("webhook-id") != null).count())
                .as("the first event reached all four, the second only the two left").isEqualTo(6);

        as(InternalTokens.forApplication(grantA, tenant.tenant)).post("/internal/v1/grants/" + grantA + "/revoked")
                .then().statusCode(200).body("endpointsDeleted", equalTo(0));
        app(grantA).body(Map.of("url", receiver.url("/again"), "events", List.of("customer.created")))
                .post("/api/webhook-endpoints").then().statusCode(401).body("code", equalTo("unauthenticated"));
        assertThat(count("select count(*) from webhook_endpoints where created_by = ?", grantA))
                .as("a revoked grant creates nothing again").isZero();
        create(app(grantB), "/b2");
    }

    @Test
    void onlyATokenOfThatVeryGrantMaySayItWasRevoked() {
        String ofA = create(app(grantA), "/a");
        String path = "/internal/v1/grants/" + grantA + "/revoked";
        for (String stranger : List.of(InternalTokens.forApplication(grantB, tenant.tenant),
                InternalTokens.forTenant(tenant.tenant, "webhooks.write"),
                InternalTokens.forCredential("usr_" + grantA.substring(4), "panel", tenant.tenant),
                InternalTokens.forCredential(grantA, null, tenant.tenant))) {
            as(stranger).post(path).then().statusCode(404).body("code", equalTo("not_found"));
        }
        given().post(path).then().statusCode(401);
        tenant.api().get("/api/webhook-endpoints/" + ofA).then().statusCode(200);
        create(app(grantA), "/a-still");
    }
}
