package dev.slotwise.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §8 "Who may see what": an OAuth application's token reaches only the endpoints its own grant created
 * (another's is 404, as a missing one); API keys and the panel reach all of the tenant's. Subscribing to a family of
 * events needs that family's read scope in the same credential, and a delivery's payload is shown only to a
 * credential holding it.
 */
@QuarkusTest
class WhoMaySeeWhatTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A receiver that answers 200, so no endpoint of these tests pauses while they run. */
    private static WebhookReceiver receiver;
    private static String receiverUrl;

    @BeforeAll
    static void startReceiver() {
        receiver = WebhookReceiver.start();
        receiverUrl = receiver.url("/hook");
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    private final TenantWebhooks tenant = new TenantWebhooks();
    private final String grantA = Ids.next("grt");
    private final String grantB = Ids.next("grt");

    private RequestSpecification key(String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenant.tenant, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification app(String grant, String... scopes) {
        return given().auth().oauth2(InternalTokens.forApplication(grant, tenant.tenant, scopes))
                .contentType(ContentType.JSON);
    }

    private RequestSpecification appA() {
        return app(grantA, "webhooks.write", "customers.read");
    }

    private static String create(RequestSpecification as, String... events) {
        return as.body(Map.of("url", receiverUrl, "events", List.of(events))).post("/api/webhook-endpoints")
                .then().statusCode(201).extract().path("id");
    }

    /** Waits for the endpoint's first delivery (read with an all-seeing key); its id. */
    private String firstDelivery(String endpoint) throws InterruptedException {
        return tenant.awaitDeliveries(endpoint, log -> log.getList("data").size() == 1, WAIT).getString("data[0].id");
    }

    @Test
    void anApplicationReachesOnlyTheEndpointsItsOwnGrantCreated() throws Exception {
        String ofA = create(appA(), "customer.created");
        String ofB = create(app(grantB, "webhooks.write", "customers.read"), "customer.created");
        String ofKey = create(key("webhooks.write", "customers.read"), "customer.created");
        tenant.publish();
        String deliveryOfB = firstDelivery(ofB);
        String deliveryOfKey = firstDelivery(ofKey);
        firstDelivery(ofA);

        appA().get("/api/webhook-endpoints").then().statusCode(200).body("data.id", containsInAnyOrder(ofA));
        app(grantB, "webhooks.write").get("/api/webhook-endpoints").then().statusCode(200)
                .body("data.id", containsInAnyOrder(ofB));
        key("webhooks.write").get("/api/webhook-endpoints").then().statusCode(200)
                .body("data.id", containsInAnyOrder(ofA, ofB, ofKey));

        for (String[] foreign : List.of(new String[] {ofB, deliveryOfB}, new String[] {ofKey, deliveryOfKey})) {
            String path = "/api/webhook-endpoints/" + foreign[0];
            assertNotFound(appA().get(path).then().extract().statusCode(), path);
            assertNotFound(appA().body("{\"url\":\"http://127.0.0.1:9/mine\"}").patch(path).then().extract().statusCode(), path);
            assertNotFound(appA().post(path + "/rotate-secret").then().extract().statusCode(), path);
            assertNotFound(appA().post(path + "/ping").then().extract().statusCode(), path);
            assertNotFound(appA().get(path + "/deliveries").then().extract().statusCode(), path);
            assertNotFound(appA().get(path + "/deliveries/" + foreign[1]).then().extract().statusCode(), path);
            assertNotFound(appA().post(path + "/deliveries/" + foreign[1] + "/replay").then().extract().statusCode(), path);
            assertNotFound(appA().body(Map.of("since", Instant.now().minusSeconds(3600).toString()))
                    .post(path + "/recover").then().extract().statusCode(), path);
            assertNotFound(appA().delete(path).then().extract().statusCode(), path);
            // and nothing changed: the owner still has it, as it was
            key("webhooks.write").get(path).then().statusCode(200).body("url", equalTo(receiverUrl));
            key("webhooks.write").get(path + "/deliveries").then().statusCode(200).body("data.size()", equalTo(1));
        }
        // the 404 is the one a missing endpoint gets
        appA().get("/api/webhook-endpoints/" + ofB).then().statusCode(404).body("code", equalTo("not_found"))
                .body("detail", equalTo(appA().get("/api/webhook-endpoints/we_" + "0".repeat(26)).then()
                        .extract().path("detail")));

        // the application does everything with its own
        String own = "/api/webhook-endpoints/" + ofA;
        appA().body("{\"description\":\"mine\"}").patch(own).then().statusCode(200).body("description", equalTo("mine"));
        appA().post(own + "/ping").then().statusCode(202);
        appA().delete(own).then().statusCode(204);

        // an API key reaches every endpoint of the tenant, whoever created it
        String path = "/api/webhook-endpoints/" + ofB;
        key("webhooks.write").body("{\"description\":\"seen by the business\"}").patch(path).then().statusCode(200);
        key("webhooks.write").post(path + "/ping").then().statusCode(202);
        key("webhooks.write").post(path + "/deliveries/" + deliveryOfB + "/replay").then().statusCode(202);
        key("webhooks.write").delete(path).then().statusCode(204);
    }

    private static void assertNotFound(int status, String path) {
        assertThat(status).as("another's endpoint " + path).isEqualTo(404);
    }

    @Test
    void aTokenThatDoesNotSayWhichCredentialItIsReachesOnlyWhatItCreated() {
        String ofKey = create(key("webhooks.write", "customers.read"), "customer.created");
        RequestSpecification unsaid = given().auth().oauth2(InternalTokens.forCredential("key_old", null, tenant.tenant,
                "webhooks.write", "customers.read")).contentType(ContentType.JSON);
        unsaid.get("/api/webhook-endpoints/" + ofKey).then().statusCode(404);
    }

    @Test
    void endpointsFromBeforeCreatorsWereRememberedAreTheBusinesssOnly() throws Exception {
        String legacy = create(key("webhooks.write", "customers.read"), "customer.created");
        try (Connection connection = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"),
                "postgres", "");
                PreparedStatement forget = connection.prepareStatement(
                        "update webhook_endpoints set created_by = null where id = ?")) {
            forget.setString(1, legacy);
            assertThat(forget.executeUpdate()).isEqualTo(1);
        }
        key("webhooks.write").get("/api/webhook-endpoints/" + legacy).then().statusCode(200);
        appA().get("/api/webhook-endpoints/" + legacy).then().statusCode(404);
        appA().get("/api/webhook-endpoints").then().statusCode(200).body("data", empty());
    }

    @Test
    void subscribingToAFamilyNeedsItsReadScopeInTheSameCredential() {
        Map<String, String> scopeOfFamily = Map.of(
                "customer.created", "customers.read", "payment.received", "payments.read",
                "transaction.refunded", "transactions.read", "appointment.cancelled", "appointments.read",
                "staff.checkin", "staff.read", "stock.low", "inventory.read", "campaign.sent", "campaigns.read");
        scopeOfFamily.forEach((event, scope) -> {
            for (RequestSpecification without : List.of(key("webhooks.write", "customers.write"),
                    app(grantA, "webhooks.write", "customers.write"))) {
                without.body(Map.of("url", receiverUrl, "events", List.of("ping", event))).post("/api/webhook-endpoints")
                        .then().statusCode(403)
                        .contentType("application/problem+json")
                        .header("WWW-Authenticate", equalTo("Bearer error=\"insufficient_scope\", scope=\"" + scope + "\""))
                        .body("code", equalTo("insufficient_scope"))
                        .body("detail", containsString(scope))
                        .body("errors[0].field", equalTo("events[1]"))
                        .body("requestId", notNullValue());
            }
            create(key("webhooks.write", scope), event);
            create(app(grantA, "webhooks.write", scope), event);
        });
        // ping needs nothing beyond webhooks.write
        create(app(grantB, "webhooks.write"), "ping");
        // every scope missing is named, in the order of the events
        key("webhooks.write").body(Map.of("url", receiverUrl, "events", List.of("payment.received", "customer.created",
                        "customer.updated"))).post("/api/webhook-endpoints").then().statusCode(403)
                .header("WWW-Authenticate", equalTo("Bearer error=\"insufficient_scope\", scope=\"payments.read customers.read\""));
        // nothing was created by a refusal: only the 14 allowed above and the ping endpoint
        key("webhooks.write").get("/api/webhook-endpoints?limit=100").then().statusCode(200).body("data.size()", equalTo(15));
    }

    @Test
    void changingTheEventsOrTheUrlNeedsTheReadScopesOfWhatTheEndpointThenReceives() {
        String endpoint = "/api/webhook-endpoints/" + create(key("webhooks.write", "customers.read"), "customer.created");
        key("webhooks.write", "customers.read").body(Map.of("events", List.of("customer.created", "payment.received")))
                .patch(endpoint).then().statusCode(403)
                .header("WWW-Authenticate", equalTo("Bearer error=\"insufficient_scope\", scope=\"payments.read\""))
                .body("code", equalTo("insufficient_scope"));
        // a credential without customers.read may neither re-point it (its receiver would get customer data) nor
        // change its events while it keeps customer ones
        key("webhooks.write").body("{\"url\":\"http://127.0.0.1:9/elsewhere\"}").patch(endpoint).then().statusCode(403)
                .header("WWW-Authenticate", equalTo("Bearer error=\"insufficient_scope\", scope=\"customers.read\""));
        key("webhooks.write", "payments.read").body(Map.of("events", List.of("customer.created", "payment.received")))
                .patch(endpoint).then().statusCode(403);
        key("webhooks.write").get(endpoint).then().statusCode(200).body("url", equalTo(receiverUrl))
                .body("events", containsInAnyOrder("customer.created"));

        // what needs no read scope still works: description, pause and resume, and narrowing to ping
        key("webhooks.write").body("{\"description\":\"x\",\"status\":\"paused\"}").patch(endpoint).then().statusCode(200);
        key("webhooks.write").body("{\"status\":\"active\"}").patch(endpoint).then().statusCode(200);
        key("webhooks.write").body(Map.of("events", List.of("ping"))).patch(endpoint).then().statusCode(200)
                .body("events", containsInAnyOrder("ping"));
        key("webhooks.write", "payments.read").body(Map.of("events", List.of("payment.received"), "url",
                "http://127.0.0.1:9/payments")).patch(endpoint).then().statusCode(200);
    }

    @Test
    void aDeliverysPayloadIsShownOnlyWithTheReadScopeOfItsFamily() throws Exception {
        String endpoint = create(key("webhooks.write", "customers.read"), "customer.created");
        String eventId = tenant.publish();
        String delivery = "/api/webhook-endpoints/" + endpoint + "/deliveries/" + firstDelivery(endpoint);

        key("webhooks.write", "customers.read").get(delivery).then().statusCode(200)
                .body("payload.id", equalTo(eventId)).body("payload.data.firstName", equalTo("Ada"));
        key("webhooks.write").get(delivery).then().statusCode(200)
                .body("$", hasKey("payload")).body("payload", nullValue())
                .body("eventId", equalTo(eventId)).body("eventType", equalTo("customer.created"))
                .body("attempts", notNullValue());
        key("webhooks.write", "payments.read").get(delivery).then().statusCode(200).body("payload", nullValue());

        // a ping's payload needs no read scope
        String ping = key("webhooks.write").post("/api/webhook-endpoints/" + endpoint + "/ping").then().statusCode(202)
                .extract().path("deliveryId");
        key("webhooks.write").get("/api/webhook-endpoints/" + endpoint + "/deliveries/" + ping).then().statusCode(200)
                .body("payload.type", equalTo("ping")).body("payload.data.endpointId", equalTo(endpoint));

        // the same for an application, on its own endpoint
        String ofApp = create(app(grantA, "webhooks.write", "customers.read"), "customer.created");
        tenant.publish();
        String appDelivery = "/api/webhook-endpoints/" + ofApp + "/deliveries/" + firstDelivery(ofApp);
        app(grantA, "webhooks.write", "customers.read").get(appDelivery).then().statusCode(200)
                .body("payload.data.firstName", equalTo("Ada"));
        app(grantA, "webhooks.write").get(appDelivery).then().statusCode(200).body("payload", nullValue());
    }
}
