package dev.slotwise.webhooks.delivery;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * The intake runs its statement for every event. It must not NOTIFY, whether it enqueued deliveries or not:
 * PostgreSQL serialises the commits of all notifying transactions, and most events have no subscriber at all. It
 * wakes the delivery worker of its own process instead (DeliveryTest and the others see deliveries arrive).
 */
@QuarkusTest
class IntakeNotifiesNobodyTest {

    @Test
    void enqueueingAnEventNotifiesNobodyWhetherItHasSubscribersOrNot() throws Exception {
        String subscribed = Ids.next("ten");
        // paused: the delivery is held, so the running dispatcher has nothing to send
        RequestSpecification api = given().auth().oauth2(InternalTokens.forTenant(subscribed, "webhooks.write", "customers.read"))
                .contentType(ContentType.JSON);
        String endpoint = api.body(Map.of("url", "http://127.0.0.1:9/intake", "events", List.of("customer.created")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract().path("id");
        api.body(Map.of("status", "paused")).patch("/api/webhook-endpoints/" + endpoint).then().statusCode(200);

        try (Connection connection = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"),
                "postgres", "")) {
            PGConnection listener = connection.unwrap(PGConnection.class);
            try (Statement statement = connection.createStatement()) {
                statement.execute("listen slotwise_deliveries");
                statement.execute("prepare enqueue(text[], text[], text[], text[], text[]) as " + EventIntake.ENQUEUE);
            }
            // another test's explicit wake-up (a resume, a replay) may arrive meanwhile; a trigger fires every time
            boolean quietOnce = false;
            for (int attempt = 0; attempt < 3 && !quietOnce; attempt++) {
                drain(listener);
                assertThat(enqueue(connection, Ids.next("ten"))).isZero();
                assertThat(enqueue(connection, subscribed)).isEqualTo(1);
                quietOnce = listener.getNotifications(500).length == 0;
            }
            assertThat(quietOnce).as("enqueueing notified nobody").isTrue();
        }
    }

    /** The intake's statement for one customer.created event of the tenant; answers how many it enqueued. */
    private static int enqueue(Connection connection, String tenantId) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            String arguments = "array['%s'], array['customer.created'], array['{}'], array['%s'], array[null]"
                    .formatted(Ids.next("evt"), tenantId);
            return statement.executeUpdate("execute enqueue(" + arguments + ")");
        }
    }

    private static void drain(PGConnection listener) throws SQLException {
        while (listener.getNotifications(200).length > 0) {
            // a notification of earlier work, not of this test's
        }
    }
}
