package dev.slotwise.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Gives a {@code @QuarkusTest} a real PostgreSQL database. One server per test JVM, started on first use and stopped
 * when the JVM exits; each service gets a database of its own name (init arg {@code database}, default {@code slotwise}).
 */
public final class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    private static EmbeddedPostgresServer server;
    private String database = "slotwise";

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", database);
    }

    public static synchronized EmbeddedPostgresServer server() {
        if (server == null) {
            server = EmbeddedPostgresServer.startEphemeral();
        }
        return server;
    }

    @Override
    public Map<String, String> start() {
        EmbeddedPostgresServer postgres = server();
        postgres.ensureDatabase(database);
        return Map.of(
                "quarkus.datasource.reactive.url", postgres.reactiveUrl(database),
                "quarkus.datasource.jdbc.url", postgres.jdbcUrl(database),
                "quarkus.datasource.username", EmbeddedPostgresServer.USER,
                "quarkus.datasource.password", "postgres");
    }

    @Override
    public void stop() {
        // shared by every test class of this JVM; stopped by the shutdown hook
    }
}
