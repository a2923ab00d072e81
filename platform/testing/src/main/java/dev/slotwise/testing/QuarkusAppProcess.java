package dev.slotwise.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Quarkus service of the suite, run from its packaged fast-jar as a process of its own: by the local stack,
 * and by tests whose service calls another one over real HTTP.
 */
public final class QuarkusAppProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /** Every service process dies with the JVM that started it, even when that JVM is killed. */
    private static final OrphanReaper REAPER = OrphanReaper.start();

    /**
     * Gives the C library's heap back to the system every 5 s (glibc keeps freed memory otherwise: the JIT's and the
     * network layer's spikes stayed resident, about 20 MiB a JVM; decision 0109). k8s/ sets the same option.
     */
    public static final String TRIM_NATIVE_HEAP = "-XX:TrimNativeHeapInterval=5000";

    /** The environment variable that chooses a service's management port (/q/health, /q/metrics). */
    public static final String MANAGEMENT_PORT = "SLOTWISE_MANAGEMENT_PORT";

    private final String name;
    private final int port;
    private final int managementPort;
    private final Process process;
    private final Path log;
    /** The container the service runs in, when it was started from its image; else null. */
    private final String container;

    private QuarkusAppProcess(String name, int port, int managementPort, Process process, Path log, String container) {
        this.name = name;
        this.port = port;
        this.managementPort = managementPort;
        this.process = process;
        this.log = log;
        this.container = container;
    }

    /**
     * Starts {@code module}'s packaged jar under {@code home} (the repository root).
     *
     * @param environment the service's whole configuration (ports, database, Kafka, keys), on top of this process's;
     *                    without {@value #MANAGEMENT_PORT}, the management interface gets a free port
     * @param logDir      where {@code <module>.log} is appended
     *                    <p>With {@code SLOTWISE_SERVICE_IMAGES} set (in the given environment or this process's), the
     *                    service runs from its container image instead, as its Pod would ({@link ContainerLaunch}).
     */
    public static QuarkusAppProcess start(Path home, String module, int port, Map<String, String> environment, Path logDir) {
        String images = ContainerLaunch.imagesDirectory(environment);
        String management = environment.get(MANAGEMENT_PORT);
        int managementPort = management != null ? Integer.parseInt(management) : FreePorts.next();
        Map<String, String> withPorts = new LinkedHashMap<>(environment);
        withPorts.put(MANAGEMENT_PORT, String.valueOf(managementPort));
        String container = images == null ? null : ContainerLaunch.containerName(module);
        List<String> command = images == null ? jarCommand(home, module, environment)
                : ContainerLaunch.command(Path.of(images), module, container, withPorts, logDir);
        try {
            Files.createDirectories(logDir);
            Path log = logDir.resolve(module + ".log");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(withPorts);
            Process process = builder.start();
            REAPER.guard(process.pid());
            return new QuarkusAppProcess(module, port, managementPort, process, log, container);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> jarCommand(Path home, String module, Map<String, String> environment) {
        Path jar = home.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: build with ./mvnw -DskipTests install");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions(environment));
        command.addAll(List.of("-jar", jar.toString()));
        return command;
    }

    /** The container this service runs in when it was started from its image (crun's name for it), else null. */
    public String container() {
        return container;
    }

    /**
     * JVM options: {@code SLOTWISE_JVM_OPTIONS} when set (in the given environment or this process's), else small
     * and quick to start (C1 only, serial GC, 384 MiB), which suits seven JVMs on a laptop but not a benchmark. Either
     * way with {@link #TRIM_NATIVE_HEAP}, unless the given options choose their own interval.
     */
    private static List<String> jvmOptions(Map<String, String> environment) {
        String given = environment.getOrDefault("SLOTWISE_JVM_OPTIONS", System.getenv("SLOTWISE_JVM_OPTIONS"));
        List<String> options = new ArrayList<>();
        if (given != null && !given.isBlank()) {
            options.addAll(List.of(given.trim().split("\\s+")));
        } else {
            options.addAll(List.of("-Xms64m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
        }
        if (options.stream().noneMatch(option -> option.startsWith("-XX:TrimNativeHeapInterval="))) {
            options.add(TRIM_NATIVE_HEAP);
        }
        return options;
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** The management interface: {@code /q/health/*} and {@code /q/metrics}, on a port apart from the API's. */
    public String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    public String metricsUrl() {
        return managementUrl() + "/q/metrics";
    }

    /** Waits until {@code /q/health/ready} on the management port answers 200. */
    public void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(managementUrl() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + log);
            }
            try {
                if (HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        close();
        throw new IllegalStateException(name + " not ready within " + timeout + "; see " + log);
    }

    /** Kills the process outright (SIGKILL: no shutdown hooks, nothing flushed), as a crash or an OOM kill would. */
    public void kill() {
        try {
            process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            REAPER.release(process.pid());
            if (container != null) {
                ContainerLaunch.delete(container, log.getParent());
            }
        }
    }

    /** Stops the process (SIGTERM, then SIGKILL after 20 s) and waits for it. */
    @Override
    public void close() {
        ChildProcesses.stop(process, Duration.ofSeconds(20));
        REAPER.release(process.pid());
        if (container != null) {
            ContainerLaunch.delete(container, log.getParent());
        }
    }
}
