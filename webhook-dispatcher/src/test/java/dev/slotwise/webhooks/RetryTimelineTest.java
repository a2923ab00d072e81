package dev.slotwise.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.WebhookReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §1 and §8 as a receiver sees them: a delivery that keeps failing is attempted once, then retried after each
 * configured delay in turn (each stretched by at most 10 %), 7 requests in all under one delivery id; the delivery log
 * says when the next attempt comes, and that it comes then; after the last, the delivery is failed, nothing more is
 * scheduled and the endpoint is paused. Delays that grow, so that each gap can be told from the others.
 */
@QuarkusTest
@TestProfile(RetryTimelineTest.GrowingDelays.class)
class RetryTimelineTest {

    private static final List<Duration> DELAYS = List.of(Duration.ofMillis(400), Duration.ofMillis(800),
            Duration.ofMillis(1200), Duration.ofMillis(1600), Duration.ofMillis(2000), Duration.ofMillis(2400));
    /** How much later than scheduled an attempt may come: the claim's polling backstop (200 ms) and a loaded machine. */
    private static final Duration SLACK = Duration.ofMillis(1500);

    public static class GrowingDelays implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("slotwise.webhooks.retry-delays", "400ms,800ms,1200ms,1600ms,2000ms,2400ms");
        }
    }

    @Test
    void attemptsFollowTheScheduleAndTheLogSaysWhenTheNextComes() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        Integer[] failures = Collections.nCopies(20, 500).toArray(Integer[]::new);
        try (WebhookReceiver receiver = WebhookReceiver.start().answer(failures)) {
            String endpoint = tenant.register(receiver.url("/failing"));
            String eventId = tenant.publish();

            // after the first attempt: the log names the next one, one delay (plus jitter) after it
            Instant first = receiver.await(r -> r.body().contains(eventId), 1, Duration.ofSeconds(30)).get(0).at();
            JsonPath log = tenant.awaitDeliveries(endpoint, l -> Integer.valueOf(1).equals(l.get("data[0].attemptCount")),
                    Duration.ofSeconds(10));
            Instant announced = Instant.parse(log.getString("data[0].nextAttemptAt"));
            assertThat(announced).isAfterOrEqualTo(first.plus(DELAYS.get(0)))
                    .isBeforeOrEqualTo(first.plus(stretched(DELAYS.get(0))).plus(SLACK));
            assertThat(log.getString("data[0].status")).isEqualTo("pending");
            assertThat(log.getInt("data[0].lastResponseStatus")).isEqualTo(500);

            List<WebhookReceiver.Received> attempts = receiver.await(r -> r.body().contains(eventId), 7,
                    Duration.ofSeconds(60));
            assertThat(attempts.get(1).at()).as("the second attempt comes when the log said")
                    .isAfterOrEqualTo(announced.minusMillis(50)).isBeforeOrEqualTo(announced.plus(SLACK));
            assertThat(attempts).extracting(r -> r.header("webhook-id")).containsOnly(attempts.get(0).header("webhook-id"));
            for (int retry = 1; retry <= DELAYS.size(); retry++) {
                Duration gap = Duration.between(attempts.get(retry - 1).at(), attempts.get(retry).at());
                Duration delay = DELAYS.get(retry - 1);
                assertThat(gap).as("gap before retry %d", retry)
                        .isGreaterThanOrEqualTo(delay).isLessThanOrEqualTo(stretched(delay).plus(SLACK));
            }

            JsonPath done = tenant.awaitDeliveries(endpoint, l -> "failed".equals(l.getString("data[0].status")),
                    Duration.ofSeconds(10));
            assertThat(done.getInt("data[0].attemptCount")).isEqualTo(7);
            assertThat(done.getString("data[0].nextAttemptAt")).as("nothing more scheduled").isNull();
            assertThat(tenant.api().get("/api/webhook-endpoints/" + endpoint).then().statusCode(200)
                    .extract().<String>path("status")).isEqualTo("paused");
            Thread.sleep(stretched(DELAYS.get(DELAYS.size() - 1)).plus(SLACK).toMillis());
            assertThat(receiver.all()).as("no eighth request").hasSize(7);
        }
    }

    private static Duration stretched(Duration delay) {
        return delay.plusMillis(delay.toMillis() / 10);
    }
}
