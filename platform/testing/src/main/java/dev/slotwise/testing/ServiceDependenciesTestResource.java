package dev.slotwise.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs the services the service under test calls, for real: each from its packaged jar as a process of its own, on
 * the same PostgreSQL (a database each), Kafka and internal-token key as the test, on a free loopback port, each
 * knowing the others' URLs. The service under test finds them through {@code quarkus.rest-client.<module>.url}.
 *
 * <p>Init arg {@code services}: {@code module=database,...}, e.g. {@code customer-service=customers}. The jars must
 * have been packaged (the reactor builds them first: the test module depends on them). Tests stop and start a
 * dependency with {@link #stop(String)} and {@link #start(String)} to see how the service under test copes.
 */
public final class ServiceDependenciesTestResource implements QuarkusTestResourceLifecycleManager {

    private static final Duration READY = Duration.ofSeconds(90);
    private static final Map<String, Launch> LAUNCHES = new ConcurrentHashMap<>();
    private static final Map<String, QuarkusAppProcess> RUNNING = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> RUNNING.keySet().forEach(ServiceDependenciesTestResource::stop), "dependencies-stop"));
    }

    private record Launch(String module, int port, Map<String, String> environment) {
    }

    private Map<String, String> databases = Map.of();

    @Override
    public void init(Map<String, String> initArgs) {
        Map<String, String> parsed = new LinkedHashMap<>();
        Arrays.stream(initArgs.getOrDefault("services", "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty())
                .forEach(entry -> {
                    String[] parts = entry.split("=", 2);
                    parsed.put(parts[0], parts.length > 1 ? parts[1] : parts[0].replace('-', '_'));
                });
        databases = parsed;
    }

    @Override
    public Map<String, String> start() {
        EmbeddedPostgresServer postgres = PostgresTestResource.server();
        String kafka = KafkaTestResource.broker().bootstrapServers();
        Map<String, String> config = new HashMap<>();
        Map<String, Integer> ports = new LinkedHashMap<>();
        databases.keySet().forEach(module -> ports.put(module, FreePorts.next()));
        Map<String, String> urls = new HashMap<>();
        ports.forEach((module, port) -> urls.put(variable(module, "URL"), "http://127.0.0.1:" + port));
        List<CompletableFuture<Void>> starting = databases.entrySet().stream().map(service -> {
            String module = service.getKey();
            postgres.ensureDatabase(service.getValue());
            int port = ports.get(module);
            Map<String, String> environment = new HashMap<>(urls);
            environment.put("QUARKUS_DATASOURCE_REACTIVE_URL", postgres.reactiveUrl(service.getValue()));
            environment.put("QUARKUS_DATASOURCE_JDBC_URL", postgres.jdbcUrl(service.getValue()));
            environment.put("QUARKUS_DATASOURCE_USERNAME", EmbeddedPostgresServer.USER);
            environment.put("QUARKUS_DATASOURCE_PASSWORD", "postgres");
            environment.put("KAFKA_BOOTSTRAP_SERVERS", kafka);
            environment.put("SLOTWISE_INTERNAL_TOKEN_PUBLIC_KEY", InternalTokens.publicKeyBase64());
            environment.put(variable(module, "PORT"), String.valueOf(port));
            LAUNCHES.put(module, new Launch(module, port, environment));
            config.put("quarkus.rest-client." + module + ".url", "http://127.0.0.1:" + port);
            return CompletableFuture.runAsync(() -> start(module));
        }).toList();
        starting.forEach(CompletableFuture::join);
        return config;
    }

    /** Starts (again) a dependency, on the port the service under test knows, and waits until it is ready. */
    public static void start(String module) {
        Launch launch = LAUNCHES.get(module);
        QuarkusAppProcess process = QuarkusAppProcess.start(home(), module, launch.port(), launch.environment(),
                Path.of("target", "dependency-logs"));
        RUNNING.put(module, process);
        process.awaitReady(READY);
    }

    /** Where a dependency listens, for tests that set up its data through its own API. */
    public static String url(String module) {
        return "http://127.0.0.1:" + LAUNCHES.get(module).port();
    }

    /** Stops a dependency (SIGTERM, as an orchestrator would) and waits until it is gone. */
    public static void stop(String module) {
        QuarkusAppProcess process = RUNNING.remove(module);
        if (process != null) {
            process.close();
        }
    }

    @Override
    public void stop() {
        RUNNING.keySet().forEach(ServiceDependenciesTestResource::stop);
    }

    /** {@code SLOTWISE_CATALOG_STAFF_SERVICE_PORT}, {@code ..._URL}: the names the services read (and the local stack sets). */
    private static String variable(String module, String suffix) {
        return "SLOTWISE_" + module.toUpperCase(Locale.ROOT).replace('-', '_') + "_" + suffix;
    }

    private static Path home() {
        return Path.of(System.getProperty("slotwise.home", "..")).toAbsolutePath().normalize();
    }
}
