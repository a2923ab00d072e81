package dev.slotwise.gateway;

import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.RsaKeys;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.security.KeyPair;
import java.util.Base64;
import java.util.Map;

/**
 * The gateway's own settings for tests: an operator token, a signing key pair, the customer routes pointing at
 * {@link EchoUpstream} and the appointment routes at a port where nothing listens.
 */
public final class GatewayTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String ADMIN_TOKEN = "test-operator-token-0123456789";
    public static final KeyPair KEYS = RsaKeys.generate();

    @Override
    public Map<String, String> start() {
        return Map.of(
                "slotwise.admin-token", ADMIN_TOKEN,
                "slotwise.internal-token.private-key", Base64.getEncoder().encodeToString(KEYS.getPrivate().getEncoded()),
                "slotwise.internal-token.public-key", Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded()),
                "slotwise.gateway.services.customer", EchoUpstream.get().url(),
                "slotwise.gateway.services.appointment", "http://127.0.0.1:" + FreePorts.next(),
                "slotwise.gateway.upstream-timeout", "3s");
    }

    @Override
    public void stop() {
    }
}
