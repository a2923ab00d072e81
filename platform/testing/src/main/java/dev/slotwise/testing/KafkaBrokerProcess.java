package dev.slotwise.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.jboss.logging.Logger;

/**
 * A real Apache Kafka broker in KRaft mode (combined broker + controller, one node), started in a JVM of its own
 * from the classpath that platform/kafka-broker resolved at build time. The broker exits by itself when this JVM
 * goes away (it watches its standard input), and {@link #close()} stops it politely.
 *
 * <p>Optionally ({@link #startEphemeral(SaslSsl)}) it also has a listener secured as production's (SASL over TLS,
 * ACLs enforced by KRaft's StandardAuthorizer, no topic created by a client); the plaintext listener stays for the
 * test itself, whose principal (ANONYMOUS) is then the one super user, as Strimzi's operators are on theirs.
 */
public final class KafkaBrokerProcess implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(KafkaBrokerProcess.class);
    private static final String BROKER_MAIN = "dev.slotwise.kafka.BrokerMain";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final int port;
    private final SecuredListener secured;
    private final Path logFile;

    private KafkaBrokerProcess(Process process, int port, SecuredListener secured, Path logFile) {
        this.process = process;
        this.port = port;
        this.secured = secured;
        this.logFile = logFile;
    }

    /**
     * A SASL_SSL listener: clients authenticate with {@code mechanism} (e.g. SCRAM-SHA-512, whose credentials are
     * created through the Admin API) over TLS with the broker certificate of {@code certificates}.
     */
    public record SaslSsl(String mechanism, ClusterCertificates certificates) {
        public SaslSsl {
            if (!mechanism.startsWith("SCRAM-")) {
                throw new IllegalArgumentException("only SCRAM mechanisms are set up, not " + mechanism);
            }
        }
    }

    private record SecuredListener(int port, SaslSsl settings) {
    }

    /** Starts a broker whose data lives in a fresh temporary directory. */
    public static KafkaBrokerProcess startEphemeral() {
        try {
            Path dir = Files.createTempDirectory("slotwise-kafka-");
            return start(dir, FreePorts.next(), FreePorts.next(), dir.resolve("kafka.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts a broker, data in a fresh temporary directory, with a SASL_SSL listener ({@link #secureBootstrapServers()})
     * beside the plaintext one; ACLs are enforced and nothing is allowed that no ACL allows.
     */
    public static KafkaBrokerProcess startEphemeral(SaslSsl saslSsl) {
        try {
            Path dir = Files.createTempDirectory("slotwise-kafka-");
            return start(dir, FreePorts.next(), FreePorts.next(), new SecuredListener(FreePorts.next(), saslSsl),
                    dir.resolve("kafka.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts a broker on {@code port} (clients) and {@code controllerPort} (KRaft controller), keeping its data in
     * {@code dataDirectory}: formatted on the first start, reused afterwards.
     */
    public static KafkaBrokerProcess start(Path dataDirectory, int port, int controllerPort, Path logFile) {
        return start(dataDirectory, port, controllerPort, null, logFile);
    }

    private static KafkaBrokerProcess start(Path dataDirectory, int port, int controllerPort, SecuredListener secured,
            Path logFile) {
        try {
            Files.createDirectories(dataDirectory);
            Path logDirs = dataDirectory.resolve("data");
            Path config = writeConfig(dataDirectory, logDirs, port, controllerPort, secured);
            String classpath = brokerClasspath();
            if (!Files.exists(logDirs.resolve("meta.properties"))) {
                format(classpath, config, logFile);
            }
            Process process = new ProcessBuilder(javaCommand(classpath, BROKER_MAIN, config.toString()))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
            KafkaBrokerProcess broker = new KafkaBrokerProcess(process, port, secured, logFile);
            Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "kafka-stop"));
            broker.awaitReady();
            LOG.infof("Kafka broker listening on %s (log: %s)", broker.bootstrapServers(), logFile);
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException("Kafka broker did not start", e);
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** The SASL_SSL listener's address; only for a broker started with {@link #startEphemeral(SaslSsl)}. */
    public String secureBootstrapServers() {
        if (secured == null) {
            throw new IllegalStateException("this broker has no SASL_SSL listener");
        }
        return "127.0.0.1:" + secured.port();
    }

    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    private static Path writeConfig(Path dir, Path logDirs, int port, int controllerPort, SecuredListener secured)
            throws IOException {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        settings.put("process.roles", "broker,controller");
        settings.put("node.id", "1");
        settings.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        settings.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        settings.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        settings.put("controller.listener.names", "CONTROLLER");
        settings.put("inter.broker.listener.name", "PLAINTEXT");
        settings.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        settings.put("log.dirs", logDirs.toString());
        settings.put("num.partitions", "4");
        settings.put("auto.create.topics.enable", "true");
        settings.put("offsets.topic.replication.factor", "1");
        settings.put("offsets.topic.num.partitions", "4");
        settings.put("transaction.state.log.replication.factor", "1");
        settings.put("transaction.state.log.min.isr", "1");
        settings.put("share.coordinator.state.topic.replication.factor", "1");
        settings.put("share.coordinator.state.topic.min.isr", "1");
        settings.put("group.initial.rebalance.delay.ms", "0");
        settings.put("log.flush.interval.messages", "9223372036854775807");
        // the log cleaner (compacted topics: the consumer offsets) allocates its dedupe buffer up front, 128 MiB by
        // default: most of a local broker's heap. 8 MiB dedupes 250,000 keys per pass, ample for one machine.
        settings.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        if (secured != null) {
            secure(settings, secured);
        }
        StringBuilder text = new StringBuilder();
        settings.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        Path config = dir.resolve("server.properties");
        Files.writeString(config, text.toString(), StandardCharsets.UTF_8);
        return config;
    }

    /**
     * The SASL_SSL listener and what production's Kafka enforces with it: StandardAuthorizer (Strimzi's
     * {@code authorization: simple} in KRaft), denial where no ACL allows, and no topic created by a client. The
     * plaintext and controller listeners' principal, ANONYMOUS, is the super user: the broker's own controller traffic
     * and the test's administration (users, ACLs, topics) go there.
     */
    private static void secure(Map<String, String> settings, SecuredListener secured) {
        String mechanism = secured.settings().mechanism();
        ClusterCertificates certificates = secured.settings().certificates();
        settings.put("listeners", settings.get("listeners") + ",SASL_SSL://127.0.0.1:" + secured.port());
        settings.put("advertised.listeners", settings.get("advertised.listeners") + ",SASL_SSL://127.0.0.1:" + secured.port());
        settings.put("listener.security.protocol.map", settings.get("listener.security.protocol.map") + ",SASL_SSL:SASL_SSL");
        settings.put("listener.name.sasl_ssl.sasl.enabled.mechanisms", mechanism);
        settings.put("listener.name.sasl_ssl." + mechanism.toLowerCase(Locale.ROOT) + ".sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required;");
        settings.put("listener.name.sasl_ssl.ssl.keystore.type", "PKCS12");
        settings.put("listener.name.sasl_ssl.ssl.keystore.location", certificates.brokerKeystore().toString());
        settings.put("listener.name.sasl_ssl.ssl.keystore.password", certificates.password());
        settings.put("listener.name.sasl_ssl.ssl.key.password", certificates.password());
        settings.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        settings.put("allow.everyone.if.no.acl.found", "false");
        settings.put("super.users", "User:ANONYMOUS");
        settings.put("auto.create.topics.enable", "false");
    }

    private static void format(String classpath, Path config, Path logFile) throws IOException {
        List<String> command = javaCommand(classpath, "kafka.tools.StorageTool",
                "format", "--ignore-formatted", "-t", newClusterId(), "-c", config.toString());
        Process format = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                .start();
        try {
            if (!format.waitFor(60, TimeUnit.SECONDS) || format.exitValue() != 0) {
                format.destroyForcibly();
                throw new IllegalStateException("formatting Kafka storage failed, see " + logFile);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            format.destroyForcibly();
            throw new IllegalStateException("interrupted while formatting Kafka storage", e);
        }
    }

    /**
     * A KRaft cluster id: 16 random bytes, base64url without padding (the form of Kafka's Uuid). Never one that starts
     * with {@code -}: the storage tool's argument parser would take it for an option (one start in 64 failed so).
     */
    static String newClusterId() {
        SecureRandom random = new SecureRandom();
        byte[] bytes = new byte[16];
        String id;
        do {
            random.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }

    private static List<String> javaCommand(String classpath, String mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // a heap that grows as the broker needs it: it keeps records in the page cache, not the heap
        command.add("-Xms48m");
        command.add("-Xmx512m");
        command.add("-XX:MaxNewSize=48m");
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        command.add(QuarkusAppProcess.TRIM_NATIVE_HEAP);
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        command.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(List.of(args));
        return command;
    }

    /** The broker's classpath: the jar holding BrokerMain plus the dependencies recorded when it was built. */
    static String brokerClasspath() throws IOException {
        try (InputStream recorded = KafkaBrokerProcess.class.getResourceAsStream("/slotwise-kafka-classpath.txt")) {
            Objects.requireNonNull(recorded, "slotwise-kafka-classpath.txt missing: build platform/kafka-broker first");
            String dependencies = new String(recorded.readAllBytes(), StandardCharsets.UTF_8).trim();
            Class<?> brokerMain = Class.forName(BROKER_MAIN);
            Path own = Path.of(brokerMain.getProtectionDomain().getCodeSource().getLocation().toURI());
            return own + java.io.File.pathSeparator + dependencies;
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IllegalStateException("platform/kafka-broker is not on the classpath", e);
        }
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        Map<String, Object> config = Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        try (Admin admin = Admin.create(config)) {
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("Kafka broker exited with " + process.exitValue() + ", see " + logFile);
                }
                try {
                    admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
                    return;
                } catch (Exception notYet) {
                    sleep(200);
                }
            }
        }
        close();
        throw new IllegalStateException("Kafka broker not ready within " + READY_TIMEOUT + ", see " + logFile);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        ChildProcesses.stop(process, Duration.ofSeconds(20));
    }
}
