package dev.slotwise.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * A real PostgreSQL server from the embedded binaries published on Maven Central (io.zonky.test), listening on
 * loopback. Used by tests (fresh, throw-away data) and by the local stack (data kept in a directory across runs).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String USER = "postgres";
    private static final Logger LOG = Logger.getLogger(EmbeddedPostgresServer.class);
    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts a server whose data lives in a temporary directory removed on close. Nothing in it outlives the run, so
     * it trades durability for speed: no fsync, no synchronous commit, no full-page writes.
     */
    public static EmbeddedPostgresServer startEphemeral() {
        return start(EmbeddedPostgres.builder()
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off"));
    }

    /**
     * Starts a server whose data is kept in {@code dataDirectory} (created on the first run) on the given port, as
     * durable as PostgreSQL's defaults make it: a commit that was answered survives a crash of the server or the
     * machine (zonky's builder turns {@code synchronous_commit} off by default; here it is on again). Every connection
     * needs {@code password} (SCRAM; no trust, no Unix socket): on a shared machine another user reaches nothing. The
     * binaries are unpacked beside the data, in {@code <dataDirectory>-binaries}.
     */
    public static EmbeddedPostgresServer startPersistent(Path dataDirectory, int port, String password) {
        Path binaries = dataDirectory.resolveSibling(dataDirectory.getFileName() + "-binaries");
        try {
            Files.createDirectories(binaries);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return start(EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setOverrideWorkingDirectory(binaries.toFile())
                .setDataDirectoryCustomizer(data -> PasswordAuthentication.require(data.toPath(), binaries, password))
                .setConnectConfig("password", password)
                .setPort(port)
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on"));
    }

    private static EmbeddedPostgresServer start(EmbeddedPostgres.Builder builder) {
        try {
            EmbeddedPostgres postgres = builder
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("max_connections", "300")
                    .start();
            EmbeddedPostgresServer server = new EmbeddedPostgresServer(postgres);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "postgres-stop"));
            LOG.infof("PostgreSQL listening on 127.0.0.1:%d", postgres.getPort());
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start", e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    /** Creates the database unless it exists. */
    public void ensureDatabase(String name) {
        if (!DATABASE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a plain database name: " + name);
        }
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            try (ResultSet exists = statement.executeQuery(
                    "select 1 from pg_database where datname = '" + name + "'")) {
                if (exists.next()) {
                    return;
                }
            }
            statement.execute("create database " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create database " + name, e);
        }
    }

    /**
     * Ends every other session on the server, as a failover or a restart does to the pools of every client: their
     * connections are broken, the server is there again at once. Answers how many sessions were ended.
     */
    public int endAllSessions() {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement();
                ResultSet ended = statement.executeQuery("select count(pg_terminate_backend(pid)) from pg_stat_activity"
                        + " where pid <> pg_backend_pid() and backend_type = 'client backend'")) {
            ended.next();
            return ended.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException("could not end the sessions", e);
        }
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    public String reactiveUrl(String database) {
        return "postgresql://127.0.0.1:" + port() + "/" + database;
    }

    @Override
    public synchronized void close() {
        try {
            postgres.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("PostgreSQL stop", e);
        }
    }
}
