package dev.slotwise.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.slotwise.testing.WebhookReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The destination is checked again before each attempt and the connection goes to the address that passed: a
 * name that rebinds to an internal address after registration gets no request (loopback is allowed in tests).
 */
@QuarkusTest
class PinnedDestinationTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aNameIsSentToTheAddressItWasCheckedAtAndRefusedOnceItRebindsToAnInternalOne() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        String name = tenant.tenant.toLowerCase().replace('_', '-') + ".hooks.test";
        FakeNameServer.point(name, "127.0.0.1");
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            int port = Integer.parseInt(receiver.url("").replaceAll(".*:", ""));
            String endpoint = tenant.register("http://" + name + ":" + port + "/hooks");
            String first = tenant.publish();
            WebhookReceiver.Received delivered = receiver.await(r -> r.body().contains(first), 1, WAIT).get(0);
            assertThat(delivered.header("Host")).isEqualTo(name + ":" + port);

            FakeNameServer.point(name, "10.20.30.40");
            tenant.publish();
            JsonPath log = tenant.awaitDeliveries(endpoint,
                    d -> "destination_refused".equals(d.getString("data[0].lastError")), WAIT);
            assertThat(log.getString("data[0].status")).isEqualTo("pending");
            assertThat(receiver.all()).hasSize(1);

            tenant.api().body(Map.of("url", "http://" + name + ":" + port + "/moved")).patch("/api/webhook-endpoints/" + endpoint)
                    .then().statusCode(422).body("errors[0].field", equalTo("url"));
        } finally {
            FakeNameServer.forget(name);
        }
    }
}
