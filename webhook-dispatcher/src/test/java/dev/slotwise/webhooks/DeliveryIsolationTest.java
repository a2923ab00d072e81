package dev.slotwise.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.WebhookReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Slow, hanging and dripping receivers (test timeout 3 s, 8 deliveries at once per endpoint): an attempt past the
 * timeout fails and gives its connection up, an endpoint that hangs on every delivery never delays another
 * endpoint's, and no receiver holds a connection of the dispatcher much past the timeout.
 */
@QuarkusTest
class DeliveryIsolationTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aReceiverThatAnswersAfterTheTimeoutFailsTheAttempt() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        try (WebhookReceiver receiver = WebhookReceiver.start().delay(Duration.ofSeconds(5))) {
            String endpoint = tenant.register(receiver.url("/slow"));
            tenant.publish();
            JsonPath log = tenant.awaitDeliveries(endpoint, d -> Integer.valueOf(1).equals(d.get("data[0].attemptCount")), WAIT);
            assertThat(log.getString("data[0].status")).isEqualTo("pending");
            assertThat(log.getString("data[0].lastError")).isEqualTo("timeout");
            assertThat(log.getString("data[0].lastResponseStatus")).isNull();
            String detail = "/api/webhook-endpoints/" + endpoint + "/deliveries/" + log.getString("data[0].id");
            JsonPath attempt = tenant.api().get(detail).then().statusCode(200).extract().jsonPath();
            assertThat(attempt.getInt("attempts[0].durationMs")).isBetween(2_900, 4_900);
            assertThat(attempt.getString("attempts[0].error")).isEqualTo("timeout");
        }
    }

    @Test
    void anEndpointThatHangsDoesNotDelayAnotherEndpointsDeliveries() throws Exception {
        TenantWebhooks stuck = new TenantWebhooks();
        TenantWebhooks healthy = new TenantWebhooks();
        try (WebhookReceiver hanging = WebhookReceiver.start().delay(Duration.ofSeconds(10));
                WebhookReceiver fast = WebhookReceiver.start()) {
            stuck.register(hanging.url("/hangs"));
            healthy.register(fast.url("/fast"));
            for (int i = 0; i < 30; i++) {
                stuck.publish();
            }
            // the hanging endpoint holds its 8 slots (and no more) for the whole timeout from here on
            hanging.await(r -> true, 8, WAIT);
            Thread.sleep(300);
            assertThat(hanging.all()).hasSize(8);

            List<Long> latencies = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                Instant sent = Instant.now();
                String eventId = healthy.publish();
                Instant arrived = fast.await(r -> r.body().contains(eventId), 1, WAIT).get(0).at();
                latencies.add(Duration.between(sent, arrived).toMillis());
            }
            // with shared slots the healthy endpoint would wait out the 3 s timeout at least once
            assertThat(latencies).allSatisfy(ms -> assertThat(ms).isLessThan(1_000));
        }
    }

    @Test
    void aReceiverThatDripsItsStatusLineHoldsNoConnectionPastTheTimeoutAndDelaysNoOneElse() throws Exception {
        TenantWebhooks dripping = new TenantWebhooks();
        TenantWebhooks healthy = new TenantWebhooks();
        try (DrippingReceiver drip = DrippingReceiver.start(DrippingReceiver.Mode.STATUS_LINE);
                WebhookReceiver fast = WebhookReceiver.start()) {
            String endpoint = dripping.register(drip.url("/drip"));
            healthy.register(fast.url("/fast"));
            for (int i = 0; i < 20; i++) {
                dripping.publish();
            }
            awaitConnections(drip, 8);

            List<Long> latencies = new ArrayList<>();
            int mostOpen = 0;
            for (int i = 0; i < 10; i++) {
                Instant sent = Instant.now();
                String eventId = healthy.publish();
                Instant arrived = fast.await(r -> r.body().contains(eventId), 1, WAIT).get(0).at();
                latencies.add(Duration.between(sent, arrived).toMillis());
                mostOpen = Math.max(mostOpen, open(drip));
                Thread.sleep(400);
            }
            assertThat(latencies).allSatisfy(ms -> assertThat(ms).isLessThan(1_000));
            // its lane's 8, plus a few whose close the receiver notices up to a second late
            assertThat(mostOpen).isLessThanOrEqualTo(12);
            // the first attempts are over: each connection was reset at the 3 s timeout, not dripped on for ever
            List<DrippingReceiver.Connection> first = drip.connections().subList(0, 8);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (first.stream().anyMatch(c -> c.lifetime == null) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(first).allSatisfy(c -> assertThat(c.age()).isLessThan(Duration.ofMillis(5_500)));
            JsonPath log = dripping.awaitDeliveries(endpoint, d -> "timeout".equals(d.get("data[0].lastError")), WAIT);
            assertThat(log.getString("data[0].lastResponseStatus")).isNull();
        }
    }

    @Test
    void aReceiverThatDripsItsBodyIsDeliveredToAndLosesTheConnectionAtTheTimeout() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        try (DrippingReceiver drip = DrippingReceiver.start(DrippingReceiver.Mode.SLOW_BODY)) {
            String endpoint = tenant.register(drip.url("/slow-body"));
            tenant.publish();
            // the status is the answer: its 200 came at once, however slowly the body follows
            JsonPath log = tenant.awaitDeliveries(endpoint, d -> "succeeded".equals(d.get("data[0].status")), WAIT);
            assertThat(log.getInt("data[0].attemptCount")).isEqualTo(1);
            assertThat(log.getInt("data[0].lastResponseStatus")).isEqualTo(200);
            DrippingReceiver.Connection connection = awaitConnections(drip, 1).get(0);
            awaitClosed(connection);
            assertThat(connection.lifetime).isLessThan(Duration.ofMillis(5_500));
        }
    }

    @Test
    void aHugeAnswerIsNotReadToItsEnd() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        try (DrippingReceiver flood = DrippingReceiver.start(DrippingReceiver.Mode.HUGE_BODY)) {
            String endpoint = tenant.register(flood.url("/huge"));
            tenant.publish();
            JsonPath log = tenant.awaitDeliveries(endpoint, d -> "succeeded".equals(d.get("data[0].status")), WAIT);
            assertThat(log.getInt("data[0].lastResponseStatus")).isEqualTo(200);
            DrippingReceiver.Connection connection = awaitConnections(flood, 1).get(0);
            awaitClosed(connection);
            // 64 KiB read, then reset: what the receiver got rid of is what fit in the sockets' buffers
            assertThat(connection.bytesWritten).isLessThan(32L * 1024 * 1024);
        }
    }

    private static int open(DrippingReceiver receiver) {
        return (int) receiver.connections().stream().filter(c -> c.lifetime == null).count();
    }

    private static List<DrippingReceiver.Connection> awaitConnections(DrippingReceiver receiver, int count)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (receiver.connections().size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the dispatcher opened only " + receiver.connections().size() + " connections");
            }
            Thread.sleep(50);
        }
        return receiver.connections();
    }

    private static void awaitClosed(DrippingReceiver.Connection connection) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (connection.lifetime == null) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the dispatcher kept the connection open for " + connection.age());
            }
            Thread.sleep(50);
        }
    }
}
