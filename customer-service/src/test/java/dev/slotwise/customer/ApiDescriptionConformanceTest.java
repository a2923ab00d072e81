package dev.slotwise.customer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.ApiDescriptionConformance;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §12: this service's public resources are exactly what the one API description gives it — each path and
 * method, with the documented scope. A route added, removed or re-scoped on one side only fails here.
 */
class ApiDescriptionConformanceTest {

    @Test
    void theResourcesAreWhatTheDescriptionSays() {
        assertThat(ApiDescriptionConformance.disagreements("customer", Path.of("target", "classes"))).isEmpty();
    }
}
