package dev.slotwise.gateway;

import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.RsaKeys;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.security.KeyPair;
import java.util.Base64;
import java.util.Map;

/**
 * The gateway's own settings for tests: an operator token, a signing key pair, every service's routes pointing at
 * {@link EchoUpstream} but the appointment routes, which point at a port where nothing listens.
 */
public final class GatewayTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String ADMIN_TOKEN = "test-operator-token-0123456789";
    public static final KeyPair KEYS = RsaKeys.generate();

    @Override
    public Map<String, String> start() {
        String echo = EchoUpstream.get().url();
        return Map.of(
                "slotwise.admin-token", ADMIN_TOKEN,
                "slotwise.internal-token.private-key", Base64.getEncoder().encodeToString(KEYS.getPrivate().getEncoded()),
                "slotwise.internal-token.public-key", Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded()),
                "slotwise.gateway.services.customer", echo,
                "slotwise.gateway.services.catalog", echo,
                "slotwise.gateway.services.pos", echo,
                "slotwise.gateway.services.webhooks", echo,
                "slotwise.gateway.services.appointment", "http://127.0.0.1:" + FreePorts.next(),
                "slotwise.gateway.upstream-timeout", "3s",
                // requests from loopback may name their client address, so that per-address limits can be tested
                "slotwise.gateway.trusted-proxies", "127.0.0.1/32,::1/128");
    }

    @Override
    public void stop() {
    }
}
