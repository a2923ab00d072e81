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
}
