package dev.slotwise.stack;

import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.OtlpReceiver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One local stack for every test class of this module (starting one takes a minute): started before the first class
 * that asks for it, stopped when the test run ends.
 */
final class SharedStack implements BeforeAllCallback {

    private static volatile LocalStack stack;
    /** Every span the stack's services export (they are pointed at it when the stack starts). */
    private static final OtlpReceiver TRACES = OtlpReceiver.start();

    /**
     * Keeps the stack in JUnit's root store, which closes it when the whole run is over. The database's and the
     * broker's files go with it (a run leaves no hundred megabytes behind in the temporary directory); the logs stay,
     * for whoever reads a failure.
     */
    private record Running(LocalStack stack) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() throws IOException {
            stack.close();
            for (String bulky : List.of("postgres", "postgres-binaries", "kafka")) {
                Path dir = stack.dataDir().resolve(bulky);
                if (Files.exists(dir)) {
                    try (Stream<Path> files = Files.walk(dir)) {
                        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                    }
                }
            }
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        stack = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SharedStack.class, key -> new Running(start()), Running.class).stack();
    }

    private static LocalStack start() {
        try {
            Path home = Path.of(System.getProperty("slotwise.home", "../..")).toAbsolutePath().normalize();
            Path data = Files.createTempDirectory("slotwise-stack-it-");
            // webhook retries a second apart: a receiver that keeps failing makes a failed delivery in seconds; the
            // loopback trusted as a proxy, so that a test can fail sign-ins from an address of its own (X-Forwarded-For)
            // without using up the per-address budget every other test on this machine shares; traces go to a receiver
            // in this JVM, exported every half second
            return LocalStack.start(home, data, FreePorts.next(), LocalStack.ALL_SERVICES,
                    Map.of("SLOTWISE_WEBHOOKS_RETRY_DELAYS", "1s,1s,1s,1s,1s,1s",
                            // e-mail retries seconds apart, long enough in all to outlast a restart of the service
                            "SLOTWISE_NOTIFICATIONS_RETRY_DELAYS", "5s,20s,120s",
                            "SLOTWISE_GATEWAY_TRUSTED_PROXIES", "127.0.0.1/32,::1/128",
                            "OTEL_EXPORTER_OTLP_ENDPOINT", TRACES.endpoint(),
                            "OTEL_BSP_SCHEDULE_DELAY", "500ms"), System.out::println);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static OtlpReceiver traces() {
        return TRACES;
    }

    static LocalStack stack() {
        return stack;
    }

    /** A service's management interface (/q/health, /q/metrics). */
    static String managementUrl(String service) {
        return stack.components().stream().filter(c -> c.name().equals(service)).findFirst().orElseThrow()
                .managementUrl();
    }

    /** A service's Prometheus endpoint, as stack.json lists it. */
    static String metricsUrl(String service) {
        return stack.components().stream().filter(c -> c.name().equals(service)).findFirst().orElseThrow()
                .metricsUrl();
    }

    /** The port of a running part of the stack ("postgresql", "kafka", or a module name). */
    static int port(String component) {
        return stack.components().stream().filter(c -> c.name().equals(component)).findFirst().orElseThrow().port();
    }
}
