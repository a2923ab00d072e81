package dev.slotwise.webhooks;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Points the dispatcher's DNS lookups at this JVM's {@link FakeNameServer}, with a short query timeout. */
public final class NameServerTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of("slotwise.webhooks.name-servers", FakeNameServer.address(),
                "slotwise.webhooks.lookup-timeout", "1s");
    }

    @Override
    public void stop() {
    }
}
