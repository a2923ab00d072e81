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
 * Slow and hanging receivers (test timeout 3 s, 8 deliveries at once per endpoint): an attempt past the timeout
 * fails, and an endpoint that hangs on every delivery never delays another endpoint's.
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
}
