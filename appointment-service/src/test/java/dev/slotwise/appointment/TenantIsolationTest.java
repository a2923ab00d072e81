package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: one tenant's trouble is that tenant's alone. Tenant A fires a burst of bookings while catalog-staff-service
 * is slow for A's data (each of A's lookups held 10 s): A's lookups time out, fill A's bulkhead and open A's circuit —
 * and tenant B, booking at the same time and after, is answered 201 each time, promptly. With one circuit for every
 * tenant, A's timeouts opened it and B's bookings were 503 for five seconds; with one pool of connections, A's held
 * lookups took every connection.
 */
@QuarkusTest
@TestProfile(TenantIsolationTest.CatalogBehindAProxy.class)
class TenantIsolationTest {

    private static final String PORT_PROPERTY = "slotwise.test.isolating-catalog-port";
    private static final int BURST = 40;
    /**
     * What a lookup that waits for A's trouble would take at least: its three attempts' timeouts (1 s each). B's
     * bookings are 201, each well under that, however busy two cores are with A's burst.
     */
    private static final Duration SLOWEST_ANSWER = Duration.ofSeconds(3);

    /** The production lookup policy (1 s per attempt), catalog-staff-service reached through a proxy this test runs. */
    public static class CatalogBehindAProxy implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            String port = System.getProperty(PORT_PROPERTY, String.valueOf(FreePorts.next()));
            System.setProperty(PORT_PROPERTY, port);
            return Map.of("slotwise.lookups.timeout", "1s",
                    "quarkus.rest-client.catalog-staff-service.url", "http://127.0.0.1:" + port);
        }
    }

    @Test
    void aBurstOfOneTenantOnASlowDependencyRefusesNoOtherTenant() throws Exception {
        Salon a = new Salon();
        Salon b = new Salon();
        ExecutorService burst = Executors.newFixedThreadPool(BURST);
        try (HoldingProxy catalog = HoldingProxy.start(Integer.parseInt(System.getProperty(PORT_PROPERTY)),
                ServiceDependenciesTestResource.url("catalog-staff-service"),
                tenant -> tenant.equals(a.tenant) ? Duration.ofSeconds(10) : Duration.ZERO)) {
            b.book(b.ada, b.haircut, "2033-01-02T08:00:00Z"); // B's first booking, before the burst: nothing cold after it
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < BURST; i++) {
                String startsAt = Instant.parse("2033-01-03T08:00:00Z").plus(Duration.ofHours(i)).toString();
                answers.add(burst.submit(() -> a.desk().body(a.booking(a.ada, a.haircut, startsAt))
                        .post("/api/v1/appointments").statusCode()));
            }
            Thread.sleep(500); // A's lookups are held at the proxy now
            List<String> late = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                long started = System.nanoTime();
                b.book(i % 2 == 0 ? b.ada : b.grace, b.trim, "2033-01-03T%02d:00:00Z".formatted(8 + i / 2));
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                if (took.compareTo(SLOWEST_ANSWER) >= 0) {
                    late.add("booking " + i + " of B took " + took.toMillis() + " ms");
                }
                Thread.sleep(300);
            }
            assertThat(late).as("tenant B's bookings while tenant A's lookups hang").isEmpty();
            for (Future<Integer> answer : answers) {
                assertThat(answer.get()).as("tenant A: its catalog lookups time out").isEqualTo(503);
            }
        } finally {
            burst.shutdownNow();
        }
    }
}
