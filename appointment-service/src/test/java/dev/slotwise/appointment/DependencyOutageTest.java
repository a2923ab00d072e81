package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * catalog-staff-service really stopped (its process, not a mock): booking answers 503 quickly, never hangs, and
 * works again once the dependency is back.
 */
@QuarkusTest
class DependencyOutageTest {

    private static final String CATALOG = "catalog-staff-service";

    @Test
    void bookingIs503WhileTheCatalogIsDownAndRecoversWhenItReturns() throws Exception {
        Salon salon = new Salon();
        ServiceDependenciesTestResource.stop(CATALOG);
        try {
            for (int attempt = 0; attempt < 12; attempt++) {
                long started = System.nanoTime();
                salon.desk().body(salon.booking(salon.ada, salon.haircut, "2030-05-01T%02d:00:00Z".formatted(attempt)))
                        .post("/api/v1/appointments")
                        .then().statusCode(503).contentType("application/problem+json")
                        .body("code", equalTo("upstream_unavailable"));
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            }
        } finally {
            ServiceDependenciesTestResource.start(CATALOG);
        }

        // the circuit may still be open for a few seconds: the booking goes through as soon as it closes
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        int status;
        do {
            Response answer = salon.desk().body(salon.booking(salon.ada, salon.haircut, "2030-05-02T09:00:00Z"))
                    .post("/api/v1/appointments");
            status = answer.statusCode();
            if (status != 201) {
                assertThat(status).isEqualTo(503);
                Thread.sleep(500);
            }
        } while (status != 201 && System.nanoTime() < deadline);
        assertThat(status).isEqualTo(201);
    }

    /**
     * Ids that cannot be ids (100 kB long, a NUL, another type's prefix) are 422 before any lookup: a tenant sending
     * them opens no circuit breaker that every tenant shares (issue 23).
     */
    @Test
    void malformedIdsAre422AndOpenNoCircuitForOtherTenants() {
        Salon attacker = new Salon();
        String huge = "cus_" + "x".repeat(100_000);
        for (int attempt = 0; attempt < 15; attempt++) {
            String booking = switch (attempt % 3) {
                case 0 -> attacker.booking(attacker.ada, attacker.haircut, "2031-01-01T10:00:00Z").replace(attacker.customer, huge);
                case 1 -> attacker.booking("stf_" + "y".repeat(100_000), attacker.haircut, "2031-01-01T10:00:00Z");
                default -> attacker.booking(attacker.ada, attacker.haircut + "\\u0000", "2031-01-01T10:00:00Z");
            };
            attacker.desk().body(booking).post("/api/v1/appointments")
                    .then().statusCode(422).contentType("application/problem+json")
                    .body("code", equalTo("validation_failed"));
        }
        Salon other = new Salon();
        other.book(other.ada, other.haircut, "2031-01-01T10:00:00Z");
    }
}
