package dev.slotwise.stack;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.slotwise.testing.EmbeddedPostgresServer;
import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.KafkaBrokerProcess;
import dev.slotwise.testing.OrphanReaper;
import dev.slotwise.testing.QuarkusAppProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The whole suite on one machine: a real PostgreSQL (one database per service) and a real Kafka broker from
 * platform/testing, then the services as processes on loopback, wired together through environment variables.
 * {@code ./slotwise up} runs all seven, and a local mail catcher unless {@code SLOTWISE_SMTP_HOST} names a mail server;
 * the cross-service test runs the ones it needs.
 */
public final class LocalStack implements AutoCloseable {

    /** Module, database, the environment variable of its port. */
    private record ServiceSpec(String module, String database, String portVariable, String urlVariable) {
    }

    private static final String NOTIFICATIONS = "notification-service";
    private static final List<ServiceSpec> SERVICES = List.of(
            new ServiceSpec("customer-service", "customers", "SLOTWISE_CUSTOMER_SERVICE_PORT", "SLOTWISE_CUSTOMER_SERVICE_URL"),
            new ServiceSpec("appointment-service", "appointments", "SLOTWISE_APPOINTMENT_SERVICE_PORT", "SLOTWISE_APPOINTMENT_SERVICE_URL"),
            new ServiceSpec("catalog-staff-service", "catalog", "SLOTWISE_CATALOG_STAFF_SERVICE_PORT", "SLOTWISE_CATALOG_STAFF_SERVICE_URL"),
            new ServiceSpec("pos-payment-service", "pos", "SLOTWISE_POS_PAYMENT_SERVICE_PORT", "SLOTWISE_POS_PAYMENT_SERVICE_URL"),
            new ServiceSpec("webhook-dispatcher", "webhooks", "SLOTWISE_WEBHOOK_DISPATCHER_PORT", "SLOTWISE_WEBHOOK_DISPATCHER_URL"),
            new ServiceSpec(NOTIFICATIONS, "notifications", "SLOTWISE_NOTIFICATION_SERVICE_PORT", "SLOTWISE_NOTIFICATION_SERVICE_URL"));
    private static final ServiceSpec GATEWAY = new ServiceSpec("api-gateway", "gateway", "SLOTWISE_HTTP_PORT", null);
    public static final Set<String> ALL_SERVICES = Set.of("api-gateway", "customer-service", "appointment-service",
            "catalog-staff-service", "pos-payment-service", "webhook-dispatcher", NOTIFICATIONS);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

    private final Path dataDir;
    private final int httpPort;
    private final StackSecrets secrets;
    private final List<QuarkusAppProcess> services = new ArrayList<>();
    /** How each service was started, to start it again after {@link #crashService}. */
    private final Map<String, Launch> launches = new LinkedHashMap<>();
    private final List<Component> components = new ArrayList<>();
    private final OrphanReaper reaper = OrphanReaper.start();
    private EmbeddedPostgresServer postgres;
    private int postgresPort;
    private KafkaBrokerProcess kafka;
    /** The local mail catcher, or null when SLOTWISE_SMTP_HOST names a mail server (or no service sends mail). */
    private MailCatcher mail;
    private int kafkaPort;
    private int kafkaControllerPort;

    private LocalStack(Path dataDir, int httpPort) {
        this.dataDir = dataDir;
        this.httpPort = httpPort;
        this.secrets = new StackSecrets(dataDir);
    }

    /**
     * Starts the stack.
     *
     * @param home      the repository root (the services' packaged jars are under it)
     * @param only      which services to run (names of {@link #ALL_SERVICES})
     * @param overrides environment for every service, on top of this process's (SLOTWISE_* settings pass through)
     * @param progress  receives one line per step
     */
    public static LocalStack start(Path home, Path dataDir, int httpPort, Set<String> only,
            Map<String, String> overrides, Consumer<String> progress) {
        LocalStack stack = new LocalStack(dataDir.toAbsolutePath(), httpPort);
        try {
            stack.boot(home, only, overrides, progress);
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    private void boot(Path home, Set<String> only, Map<String, String> overrides, Consumer<String> progress) {
        Path logs = dataDir.resolve("logs");
        try {
            PrivateFiles.directory(dataDir);
            PrivateFiles.directory(logs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        progress.accept("starting PostgreSQL and Kafka (data in " + dataDir + ")");
        postgresPort = FreePorts.next();
        CompletableFuture<EmbeddedPostgresServer> database = CompletableFuture.supplyAsync(
                () -> EmbeddedPostgresServer.startPersistent(dataDir.resolve("postgres"), postgresPort,
                        secrets.postgresPassword()));
        kafkaPort = FreePorts.next();
        kafkaControllerPort = FreePorts.next();
        CompletableFuture<KafkaBrokerProcess> broker = CompletableFuture.supplyAsync(this::newBroker);
        postgres = database.join();
        reaper.guard(postmasterPid());
        components.add(postgresComponent());
        kafka = broker.join();
        reaper.guard(kafka.pid());
        components.add(kafkaComponent());
        progress.accept("PostgreSQL on 127.0.0.1:" + postgres.port() + ", Kafka on " + kafka.bootstrapServers());

        String[] tokenKeys = secrets.internalTokenKeys();
        Map<String, String> shared = new LinkedHashMap<>();
        shared.put("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers());
        shared.put("QUARKUS_DATASOURCE_USERNAME", EmbeddedPostgresServer.USER);
        shared.put("QUARKUS_DATASOURCE_PASSWORD", secrets.postgresPassword());
        shared.put("SLOTWISE_INTERNAL_TOKEN_PUBLIC_KEY", tokenKeys[1]);
        shared.put("SLOTWISE_WEBHOOKS_ENCRYPTION_KEY", secrets.webhookEncryptionKey());
        shared.putIfAbsent("SLOTWISE_WEBHOOKS_ALLOWED_CIDRS",
                System.getenv().getOrDefault("SLOTWISE_WEBHOOKS_ALLOWED_CIDRS", "127.0.0.0/8,::1/128"));
        shared.putIfAbsent("SLOTWISE_WEBHOOKS_ALLOW_HTTP",
                System.getenv().getOrDefault("SLOTWISE_WEBHOOKS_ALLOW_HTTP", "true"));
        shared.put("SLOTWISE_DATA_DIR", dataDir.toString());
        // the services' log files are JSON lines, as in production (the console of `up` is the launcher's own)
        shared.put("SLOTWISE_LOG_JSON", "true");
        // and every service writes its access lines (the gateway's are on everywhere), unless the environment of `up`
        // says otherwise (the benchmarks run the services as production does: INFO, only the gateway's lines)
        shared.put("QUARKUS_LOG_CATEGORY__SLOTWISE_ACCESS__LEVEL",
                System.getenv().getOrDefault("QUARKUS_LOG_CATEGORY__SLOTWISE_ACCESS__LEVEL", "DEBUG"));
        // traces: without a collector (OTEL_EXPORTER_OTLP_ENDPOINT) none is sampled, so nothing is sent nowhere; the log
        // lines still carry their trace ids
        if (System.getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == null && !overrides.containsKey("OTEL_EXPORTER_OTLP_ENDPOINT")) {
            shared.put("OTEL_TRACES_SAMPLER_ARG", System.getenv().getOrDefault("OTEL_TRACES_SAMPLER_ARG", "0"));
        }
        Map<String, Integer> ports = new LinkedHashMap<>();
        Map<String, Integer> managementPorts = new LinkedHashMap<>();
        for (ServiceSpec spec : SERVICES) {
            ports.put(spec.module(), FreePorts.next());
            shared.put(spec.portVariable(), String.valueOf(ports.get(spec.module())));
            shared.put(spec.urlVariable(), "http://127.0.0.1:" + ports.get(spec.module()));
        }
        for (ServiceSpec spec : SERVICES) {
            managementPorts.put(spec.module(), FreePorts.next());
        }
        managementPorts.put(GATEWAY.module(), FreePorts.next());
        shared.putAll(overrides);
        if (only.contains(NOTIFICATIONS) && blank(shared.get("SLOTWISE_SMTP_HOST")) && blank(System.getenv("SLOTWISE_SMTP_HOST"))) {
            mail = MailCatcher.start();
            components.add(mail.component());
            shared.put("SLOTWISE_SMTP_HOST", "127.0.0.1");
            shared.put("SLOTWISE_SMTP_PORT", String.valueOf(mail.smtpPort()));
            shared.put("SLOTWISE_SMTP_TLS", "none");
            progress.accept("mail catcher: SMTP on 127.0.0.1:" + mail.smtpPort() + ", caught messages at "
                    + mail.apiUrl() + "/messages (./slotwise mail)");
        }

        List<ServiceSpec> chosen = new ArrayList<>();
        SERVICES.stream().filter(s -> only.contains(s.module())).forEach(chosen::add);
        if (only.contains(GATEWAY.module())) {
            chosen.add(GATEWAY);
        }
        for (ServiceSpec spec : chosen) {
            postgres.ensureDatabase(spec.database());
            Map<String, String> environment = new LinkedHashMap<>(shared);
            environment.put("QUARKUS_DATASOURCE_REACTIVE_URL", postgres.reactiveUrl(spec.database()));
            environment.put("QUARKUS_DATASOURCE_JDBC_URL", postgres.jdbcUrl(spec.database()));
            int port = spec == GATEWAY ? httpPort : ports.get(spec.module());
            // a restarted service keeps its management port, so that stack.json's metricsUrl stays true
            environment.put(QuarkusAppProcess.MANAGEMENT_PORT, String.valueOf(managementPorts.get(spec.module())));
            if (spec == GATEWAY) {
                environment.put("SLOTWISE_HTTP_PORT", String.valueOf(httpPort));
                environment.put("SLOTWISE_ADMIN_TOKEN", adminToken());
                environment.put("SLOTWISE_INTERNAL_TOKEN_PRIVATE_KEY", tokenKeys[0]);
            }
            if (spec == GATEWAY || spec.module().equals(NOTIFICATIONS)) {
                // notification-service has the gateway mint its own read-only tokens with it (names for e-mails)
                environment.putIfAbsent("SLOTWISE_NOTIFICATIONS_SERVICE_SECRET", secrets.notificationServiceSecret());
            }
            if (spec.module().equals(NOTIFICATIONS)) {
                environment.putIfAbsent("SLOTWISE_GATEWAY_URL", "http://127.0.0.1:" + httpPort);
                environment.putIfAbsent("SLOTWISE_GATEWAY_PUBLIC_URL", gatewayUrl());
            }
            progress.accept("starting " + spec.module() + " on 127.0.0.1:" + port);
            Launch launch = new Launch(home, spec.module(), port, environment, logs);
            launches.put(spec.module(), launch);
            services.add(launch.start());
        }
        for (QuarkusAppProcess service : services) {
            service.awaitReady(READY_TIMEOUT);
            components.add(Component.service(service));
            progress.accept(service.name() + " ready");
        }
        writeStackJson();
    }

    private record Launch(Path home, String module, int port, Map<String, String> environment, Path logs) {
        QuarkusAppProcess start() {
            return QuarkusAppProcess.start(home, module, port, environment, logs);
        }

        /** The same service as a second instance, on ports of its own (nothing routes to it). */
        QuarkusAppProcess startSurge() {
            int surgePort = FreePorts.next();
            Map<String, String> surge = new LinkedHashMap<>(environment);
            SERVICES.stream().filter(spec -> spec.module().equals(module)).findFirst()
                    .ifPresent(spec -> surge.put(spec.portVariable(), String.valueOf(surgePort)));
            surge.remove(QuarkusAppProcess.MANAGEMENT_PORT);
            return QuarkusAppProcess.start(home, module, surgePort, surge, logs);
        }
    }

    /** Kills one service with SIGKILL, as a crash or the OOM killer does; the rest of the stack keeps running. */
    public synchronized void crashService(String module) {
        QuarkusAppProcess service = services.stream().filter(s -> s.name().equals(module)).findFirst().orElseThrow();
        ProcessHandle process = ProcessHandle.of(service.pid()).orElseThrow();
        process.destroyForcibly();
        process.onExit().orTimeout(10, TimeUnit.SECONDS).join();
        service.close();
        services.remove(service);
    }

    /**
     * Stops one service as a rollout or {@code kubectl delete pod} does: SIGTERM, and SIGKILL only if it has not
     * finished its graceful shutdown within 20 s. The rest of the stack keeps running.
     */
    public synchronized void stopService(String module) {
        QuarkusAppProcess service = services.stream().filter(s -> s.name().equals(module)).findFirst().orElseThrow();
        service.close();
        services.remove(service);
    }

    /**
     * Rolls one service as a Kubernetes rollout does (one surge instance, none unavailable): a second instance starts
     * beside it and becomes ready, then the old one gets SIGTERM; and once more, to bring the service back on its own
     * ports. For a service that shares its work through Kafka and the database, like the dispatcher: nothing routes
     * requests to the surge instance.
     */
    public synchronized void rollService(String module) {
        Launch launch = launches.get(module);
        QuarkusAppProcess surge = launch.startSurge();
        try {
            surge.awaitReady(READY_TIMEOUT);
            stopService(module);
            QuarkusAppProcess back = launch.start();
            services.add(back);
            back.awaitReady(READY_TIMEOUT);
            replaceComponent(Component.service(back));
        } finally {
            surge.close();
        }
    }

    /** Starts a service again after {@link #crashService} or {@link #stopService}, on its port, and waits until it is ready. */
    public synchronized void startService(String module) {
        QuarkusAppProcess service = launches.get(module).start();
        services.add(service);
        service.awaitReady(READY_TIMEOUT);
        replaceComponent(Component.service(service));
    }

    /**
     * Starts a component whose process has died, as it was started: a service on its ports, PostgreSQL and Kafka on
     * theirs with their data. Waits until it is ready (a service) or listening.
     */
    public synchronized void restart(String component) {
        switch (component) {
            case "postgresql" -> {
                postgres.close();
                startPostgres();
            }
            case "kafka" -> {
                kafka.close();
                startKafka();
            }
            default -> {
                services.stream().filter(s -> s.name().equals(component)).findFirst().ifPresent(dead -> {
                    dead.close();
                    services.remove(dead);
                });
                startService(component);
            }
        }
    }

    /** Stops PostgreSQL cleanly, as a planned restart or a failover does; the services keep running. */
    public synchronized void stopPostgres() {
        postgres.close();
    }

    /**
     * Kills PostgreSQL, the postmaster and every backend, with SIGKILL, as a crash or the kernel's OOM killer does:
     * whatever it had not written to its log is gone. The services keep running.
     */
    public synchronized void crashPostgres() {
        ProcessHandle postmaster = ProcessHandle.of(postmasterPid()).orElseThrow();
        List<ProcessHandle> all = new ArrayList<>(postmaster.descendants().toList());
        all.add(postmaster);
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : all) {
            process.onExit().orTimeout(10, TimeUnit.SECONDS).join();
        }
        postgres.close();
    }

    /** Starts PostgreSQL again on its port with its data directory, after {@link #stopPostgres} or {@link #crashPostgres}. */
    public synchronized void startPostgres() {
        postgres = EmbeddedPostgresServer.startPersistent(dataDir.resolve("postgres"), postgresPort,
                secrets.postgresPassword());
        reaper.guard(postmasterPid());
        replaceComponent(postgresComponent());
    }

    /** Kills the Kafka broker with SIGKILL, as a crash does; the services keep running and reconnect later. */
    public synchronized void crashKafka() {
        ProcessHandle broker = ProcessHandle.of(kafka.pid()).orElseThrow();
        broker.destroyForcibly();
        broker.onExit().orTimeout(10, TimeUnit.SECONDS).join();
        kafka.close();
    }

    /** Stops the broker as a rolling restart does: SIGTERM, a controlled shutdown. */
    public synchronized void stopKafka() {
        kafka.close();
    }

    /** Starts the broker again on its ports with its data directory, after {@link #crashKafka} or {@link #stopKafka}. */
    public synchronized void startKafka() {
        kafka = newBroker();
        reaper.guard(kafka.pid());
        replaceComponent(kafkaComponent());
    }

    private KafkaBrokerProcess newBroker() {
        return KafkaBrokerProcess.start(dataDir.resolve("kafka"), kafkaPort, kafkaControllerPort,
                dataDir.resolve("logs").resolve("kafka.log"));
    }

    private Component postgresComponent() {
        return new Component("postgresql", "postgresql://127.0.0.1:" + postgres.port(), postgres.port(), postmasterPid(),
                null);
    }

    private Component kafkaComponent() {
        return new Component("kafka", kafka.bootstrapServers(), kafka.port(), kafka.pid(), null);
    }

    /** A restarted component has a new pid: stack.json says which. */
    private void replaceComponent(Component restarted) {
        components.replaceAll(c -> c.name().equals(restarted.name()) ? restarted : c);
        if (Files.exists(dataDir.resolve("stack.json"))) {
            writeStackJson();
        }
    }

    private long postmasterPid() {
        try {
            return Long.parseLong(Files.readAllLines(dataDir.resolve("postgres/postmaster.pid")).get(0).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL wrote no postmaster.pid", e);
        }
    }

    /** The operator token: SLOTWISE_ADMIN_TOKEN when given, else the one generated for this data directory. */
    public String adminToken() {
        String given = System.getenv("SLOTWISE_ADMIN_TOKEN");
        return given != null && !given.isBlank() ? given : secrets.adminToken();
    }

    public boolean adminTokenGenerated() {
        String given = System.getenv("SLOTWISE_ADMIN_TOKEN");
        return given == null || given.isBlank();
    }

    public String gatewayUrl() {
        return "http://localhost:" + httpPort;
    }

    public Path dataDir() {
        return dataDir;
    }

    StackSecrets secrets() {
        return secrets;
    }

    public synchronized List<Component> components() {
        return List.copyOf(components);
    }

    /** Takes the mail catcher's SMTP server away, as an outage of the relay does; the services keep running. */
    public synchronized void stopMail() {
        mail.stopSmtp();
    }

    /** Brings the mail catcher's SMTP server back on its port (it starts empty). */
    public synchronized void startMail() {
        mail.startSmtp();
    }

    /** The mail catcher's API ({@code GET {apiUrl}/messages}), or empty when the stack sends to another server. */
    public Optional<String> mailApiUrl() {
        return Optional.ofNullable(mail).map(MailCatcher::apiUrl);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    public String kafkaBootstrapServers() {
        return kafka.bootstrapServers();
    }

    /** The process of one service, to stop and start it again in tests. */
    public ProcessHandle process(String module) {
        return services.stream().filter(s -> s.name().equals(module)).findFirst()
                .flatMap(s -> ProcessHandle.of(s.pid())).orElseThrow();
    }

    private void writeStackJson() {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("gateway", gatewayUrl());
        // the process that runs the stack: `./slotwise down` stops the stack by stopping it
        document.put("pid", ProcessHandle.current().pid());
        document.put("dataDir", dataDir.toString());
        document.put("components", components);
        try {
            // written beside it and moved into place, so that a reader never sees half a file
            Path written = dataDir.resolve("stack.json.tmp");
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(written.toFile(), document);
            Files.move(written, dataDir.resolve("stack.json"), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the services (gateway first), then the mail catcher, Kafka, then PostgreSQL. */
    @Override
    public synchronized void close() {
        for (int i = services.size() - 1; i >= 0; i--) {
            services.get(i).close();
        }
        services.clear();
        if (mail != null) {
            mail.close();
            mail = null;
        }
        if (kafka != null) {
            kafka.close();
            kafka = null;
        }
        if (postgres != null) {
            postgres.close();
            postgres = null;
        }
        reaper.dismiss();
        try {
            Files.deleteIfExists(dataDir.resolve("stack.json"));
        } catch (IOException ignored) {
            // the file only describes a running stack
        }
    }
}
