package dev.slotwise.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Makes the service under test trust the internal tokens that {@link InternalTokens} signs. */
public final class InternalTokenTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of(
                "slotwise.internal-token.public-key", InternalTokens.publicKeyBase64(),
                "slotwise.internal-token.additional-public-key", InternalTokens.additionalPublicKeyBase64(),
                "slotwise.internal-token.issuer", InternalTokens.ISSUER,
                "slotwise.internal-token.audience", InternalTokens.AUDIENCE);
    }

    @Override
    public void stop() {
    }
}
