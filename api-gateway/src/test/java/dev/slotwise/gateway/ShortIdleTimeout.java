package dev.slotwise.gateway;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The gateway with a 3 s idle timeout instead of production's 30 s, for the test that waits for an idle connection to
 * be closed. Only that test class runs with it: with 3 s everywhere, a test client's pooled connection left idle for
 * about 3 s between two steps could be closed by the gateway just as the client sent the next request on it (an EOF
 * where the test expected an answer) — a race of the test's making, since real clients meet it only at 30 s.
 */
public class ShortIdleTimeout implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.http.idle-timeout", "3s");
    }
}
