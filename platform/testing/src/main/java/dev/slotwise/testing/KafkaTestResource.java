package dev.slotwise.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Gives a {@code @QuarkusTest} a real Kafka broker: one per test JVM, started on first use, stopped at exit. */
public final class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    private static KafkaBrokerProcess broker;

    public static synchronized KafkaBrokerProcess broker() {
        if (broker == null) {
            broker = KafkaBrokerProcess.startEphemeral();
        }
        return broker;
    }

    @Override
    public Map<String, String> start() {
        return Map.of("kafka.bootstrap.servers", broker().bootstrapServers());
    }

    @Override
    public void stop() {
        // shared by every test class of this JVM; stopped by the shutdown hook
    }
}
