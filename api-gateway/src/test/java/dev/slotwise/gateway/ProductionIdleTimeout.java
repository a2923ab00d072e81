package dev.slotwise.gateway;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The gateway with production's 30 s idle timeout instead of the 3 s the other tests use (MalformedRequestsTest
 * waits for it): under a burst of sign-ins, a request may wait its turn for the password threads longer than 3 s
 * without sending a byte, as it may in production.
 */
public class ProductionIdleTimeout implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.http.idle-timeout", "30s");
    }
}
