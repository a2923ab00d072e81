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
    public static final String NOTIFICATION_SERVICE_SECRET = "test-notification-service-secret-0123456789";

    @Override
    public Map<String, String> start() {
        String echo = EchoUpstream.get().url();
        return Map.ofEntries(
                Map.entry("slotwise.admin-token", ADMIN_TOKEN),
                Map.entry("slotwise.internal-token.private-key", Base64.getEncoder().encodeToString(KEYS.getPrivate().getEncoded())),
                Map.entry("slotwise.internal-token.public-key", Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded())),
                Map.entry("slotwise.gateway.services.customer", echo),
                Map.entry("slotwise.gateway.services.catalog", echo),
                Map.entry("slotwise.gateway.services.pos", echo),
                Map.entry("slotwise.gateway.services.webhooks", echo),
                Map.entry("slotwise.gateway.services.notification", echo),
                Map.entry("slotwise.gateway.notification-service-secret", NOTIFICATION_SERVICE_SECRET),
                Map.entry("slotwise.gateway.services.appointment", "http://127.0.0.1:" + FreePorts.next()),
                Map.entry("slotwise.gateway.upstream-timeout", "3s"),
                // requests from loopback may name their client address, so that per-address limits can be tested
                Map.entry("slotwise.gateway.trusted-proxies", "127.0.0.1/32,::1/128"));
    }

    @Override
    public void stop() {
    }
}
