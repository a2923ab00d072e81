package dev.slotwise.gateway;

import dev.slotwise.testing.EmbeddedPostgresServer;
import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.QuarkusAppProcess;
import dev.slotwise.testing.RedisServerProcess;
import dev.slotwise.testing.RsaKeys;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Gateway replicas as production runs them: the packaged jar started as separate processes, sharing one real Redis
 * and one PostgreSQL, with {@link EchoUpstream} standing where customer-service would be.
 */
public final class GatewayCluster implements AutoCloseable {

    private final RedisServerProcess redis;
    private final EmbeddedPostgresServer postgres;
    private final List<QuarkusAppProcess> gateways = new ArrayList<>();
    private RedisServerProcess replacementRedis;

    private GatewayCluster(RedisServerProcess redis, EmbeddedPostgresServer postgres) {
        this.redis = redis;
        this.postgres = postgres;
    }

    public static GatewayCluster start(int replicas, String adminToken, String logName) {
        return start(replicas, adminToken, logName, Map.of());
    }

    /** @param settings further environment of every replica ({@code SLOTWISE_…}) */
    public static GatewayCluster start(int replicas, String adminToken, String logName, Map<String, String> settings) {
        GatewayCluster cluster = new GatewayCluster(RedisServerProcess.start(), EmbeddedPostgresServer.startEphemeral());
        try {
            cluster.postgres.ensureDatabase("gateway");
            KeyPair keys = RsaKeys.generate();
            Path home = Path.of(System.getProperty("slotwise.home", "..")).toAbsolutePath().normalize();
            List<CompletableFuture<QuarkusAppProcess>> starting = new ArrayList<>();
            for (int i = 0; i < replicas; i++) {
                int port = FreePorts.next();
                Map<String, String> environment = new HashMap<>(Map.of(
                        "SLOTWISE_HTTP_PORT", String.valueOf(port),
                        "QUARKUS_DATASOURCE_REACTIVE_URL", cluster.postgres.reactiveUrl("gateway"),
                        "QUARKUS_DATASOURCE_JDBC_URL", cluster.postgres.jdbcUrl("gateway"),
                        "QUARKUS_DATASOURCE_USERNAME", EmbeddedPostgresServer.USER,
                        "QUARKUS_DATASOURCE_PASSWORD", "postgres",
                        "SLOTWISE_ADMIN_TOKEN", adminToken,
                        "SLOTWISE_INTERNAL_TOKEN_PRIVATE_KEY", Base64.getEncoder().encodeToString(keys.getPrivate().getEncoded()),
                        "SLOTWISE_INTERNAL_TOKEN_PUBLIC_KEY", Base64.getEncoder().encodeToString(keys.getPublic().getEncoded()),
                        "SLOTWISE_RATE_LIMIT_REDIS_URL", cluster.redis.url(),
                        "SLOTWISE_CUSTOMER_SERVICE_URL", EchoUpstream.get().url()));
                environment.put("SLOTWISE_APPOINTMENT_SERVICE_URL", EchoUpstream.get().url());
                environment.putAll(settings);
                String name = logName + "-" + i;
                starting.add(CompletableFuture.supplyAsync(() -> {
                    QuarkusAppProcess gateway = QuarkusAppProcess.start(home, "api-gateway", port, environment,
                            Path.of("target", "replica-logs", name));
                    gateway.awaitReady(Duration.ofSeconds(90));
                    return gateway;
                }));
            }
            starting.forEach(future -> cluster.gateways.add(future.join()));
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    public String url(int replica) {
        return gateways.get(replica).url();
    }

    /** A connection to the replicas' shared database, for tests that look at what is stored or move its clock. */
    public Connection database() throws SQLException {
        return DriverManager.getConnection(postgres.jdbcUrl("gateway"), EmbeddedPostgresServer.USER, "postgres");
    }

    /**
     * Makes Redis hold every client's commands for {@code pause} ({@code CLIENT PAUSE … ALL}), as a Redis that stalls
     * does: commands are answered late, none is lost.
     */
    public void pauseRedis(Duration pause) throws IOException {
        String millis = String.valueOf(pause.toMillis());
        String command = "*4\r\n$6\r\nCLIENT\r\n$5\r\nPAUSE\r\n$" + millis.length() + "\r\n" + millis
                + "\r\n$3\r\nALL\r\n";
        try (Socket socket = new Socket("127.0.0.1", redis.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(command.getBytes(StandardCharsets.US_ASCII));
            byte[] answer = new byte[64];
            int read = socket.getInputStream().read(answer);
            String text = read <= 0 ? "" : new String(answer, 0, read, StandardCharsets.US_ASCII);
            if (!text.startsWith("+OK")) {
                throw new IOException("CLIENT PAUSE answered " + text);
            }
        }
    }

    /** The count a rate-limit counter holds in Redis ({@code GET}), 0 for none. */
    public long redisCount(String key) throws IOException {
        String command = "*2\r\n$3\r\nGET\r\n$" + key.length() + "\r\n" + key + "\r\n";
        try (Socket socket = new Socket("127.0.0.1", redis.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(command.getBytes(StandardCharsets.US_ASCII));
            byte[] answer = new byte[128];
            int read = socket.getInputStream().read(answer);
            String[] lines = (read <= 0 ? "" : new String(answer, 0, read, StandardCharsets.US_ASCII)).split("\r\n");
            if (lines[0].equals("$-1")) {
                return 0;
            }
            if (!lines[0].startsWith("$") || lines.length < 2) {
                throw new IOException("GET answered " + String.join(" ", lines));
            }
            return Long.parseLong(lines[1]);
        }
    }

    /** Stops Redis and starts it again on the same port after {@code whileStopped} ran. */
    public void withoutRedis(ThrowingRunnable whileStopped) throws Exception {
        int port = redis.port();
        redis.close();
        try {
            whileStopped.run();
        } finally {
            replacementRedis = RedisServerProcess.start(port);
        }
    }

    public interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Override
    public void close() {
        gateways.forEach(QuarkusAppProcess::close);
        postgres.close();
        redis.close();
        if (replacementRedis != null) {
            replacementRedis.close();
        }
    }
}
