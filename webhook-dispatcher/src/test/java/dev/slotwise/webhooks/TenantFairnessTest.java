package dev.slotwise.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.WebhookReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: one tenant cannot slow another's webhooks. Tenant A has twenty endpoints that hang — ten whose host names
 * get no answer from their name server, ten whose receivers never answer — and a backlog for each; tenant B's
 * deliveries, to a host name of its own, arrive at once all the same. What used to let A starve B: a handful of
 * blocking lookup threads that A's silent name server held, and a replica's in-flight slots that A's hanging lanes
 * filled (here 64, so that A's 20 lanes of 8 exceed it); now lookups do not block and each tenant holds at most its
 * share of the slots (16 here).
 */
@QuarkusTest
@TestProfile(TenantFairnessTest.SmallReplica.class)
class TenantFairnessTest {

    private static final int EVENTS_OF_A = 30;
    /** Well under the attempt timeout (10 s here): B does not wait for A's attempts to give up. */
    private static final Duration PROMPTLY = Duration.ofMillis(1500);

    public static class SmallReplica implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // attempts to A's hanging receivers hold their slots 10 s; its silent names fail after the 1 s lookup
            return Map.of("slotwise.webhooks.max-in-flight", "64", "slotwise.webhooks.tenant-concurrency", "16",
                    "slotwise.webhooks.timeout", "10s", "slotwise.webhooks.retry-delays", "30s,30s,30s,30s,30s,30s");
        }
    }

    @Test
    void aTenantWhoseEndpointsHangDelaysNoOtherTenant() throws Exception {
        TenantWebhooks a = new TenantWebhooks();
        TenantWebhooks b = new TenantWebhooks();
        String silentZone = a.tenant.toLowerCase().replace('_', '-') + ".silent.test";
        try (WebhookReceiver hanging = WebhookReceiver.start().delay(Duration.ofMinutes(5));
                WebhookReceiver receiver = WebhookReceiver.start()) {
            int hangingPort = port(hanging);
            for (int i = 0; i < 10; i++) {
                a.register(hanging.url("/a-" + i));
                String name = "hook-" + i + "." + silentZone;
                FakeNameServer.point(name, "127.0.0.1"); // resolves at registration, then its name server goes quiet
                a.register("http://" + name + ":" + hangingPort + "/a-dns-" + i);
                FakeNameServer.hang(name);
            }
            String bName = b.tenant.toLowerCase().replace('_', '-') + ".hooks.test";
            FakeNameServer.point(bName, "127.0.0.1");
            b.register("http://" + bName + ":" + port(receiver) + "/b");

            for (int i = 0; i < EVENTS_OF_A; i++) {
                a.publish();
            }
            // A's attempts hang; its silent names have failed (1 s) and their room went to more of A's hanging ones
            hanging.await(r -> true, 16, Duration.ofSeconds(30));
            Thread.sleep(2_000);

            List<String> late = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Instant published = Instant.now();
                String event = b.publish();
                Instant arrived = receiver.await(r -> r.body().contains(event), 1, Duration.ofSeconds(30)).get(0).at();
                Duration took = Duration.between(published, arrived);
                if (took.compareTo(PROMPTLY) > 0) {
                    late.add(event + " took " + took.toMillis() + " ms");
                }
            }
            assertThat(late).as("tenant B's deliveries while tenant A's 20 endpoints hang").isEmpty();
        }
    }

    private static int port(WebhookReceiver receiver) {
        return Integer.parseInt(receiver.url("").replaceAll(".*:", ""));
    }
}
