package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example in docs/operating.md of overriding the reference checks' policy, run as written: with
 * {@code SLOTWISE_LOOKUPS_TIMEOUT=2s} (here its property, {@code slotwise.lookups.timeout}) a catalog-staff-service
 * that takes 1.5 s to answer is waited for, and one that takes 2.5 s is not — although the tests' own setting (3 s)
 * would wait for both.
 */
@QuarkusTest
@TestProfile(LookupPolicyOverrideTest.TwoSecondLookups.class)
class LookupPolicyOverrideTest {

    private static final String PORT_PROPERTY = "slotwise.test.slow-catalog-port";

    /** docs/operating.md's setting; catalog-staff-service reached through a proxy this test starts on a port chosen. */
    public static class TwoSecondLookups implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            String port = System.getProperty(PORT_PROPERTY, String.valueOf(FreePorts.next()));
            System.setProperty(PORT_PROPERTY, port);
            return Map.of("slotwise.lookups.timeout", "2s",
                    "quarkus.rest-client.catalog-staff-service.url", "http://127.0.0.1:" + port);
        }
    }

    @Test
    void aCatalogSlowerThanTheDefaultButWithinTheOverrideIsWaitedForAndOneBeyondItIsNot() throws Exception {
        Salon salon = new Salon();
        Duration[] hold = {Duration.ofMillis(1500)};
        try (HoldingProxy slowCatalog = HoldingProxy.start(Integer.parseInt(System.getProperty(PORT_PROPERTY)),
                ServiceDependenciesTestResource.url("catalog-staff-service"), tenant -> hold[0])) {
            long started = System.nanoTime();
            int status = salon.desk().body(salon.booking(salon.ada, salon.haircut, "2032-03-01T10:00:00Z"))
                    .post("/api/v1/appointments").statusCode();
            assertThat(status).as("booking through a catalog answering in 1.5 s").isEqualTo(201);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(hold[0]);

            hold[0] = Duration.ofMillis(2500);
            salon.desk().body(salon.booking(salon.ada, salon.haircut, "2032-03-01T12:00:00Z"))
                    .post("/api/v1/appointments").then().statusCode(503).body("code", equalTo("upstream_unavailable"));
        }
    }
}
