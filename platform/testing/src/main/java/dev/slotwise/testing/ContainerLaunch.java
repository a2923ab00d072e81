package dev.slotwise.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A service started from its container image as its Pod would run it (issue 41), instead of from its jar: the image's
 * OCI layout (made by {@code platform/images/build}) unpacked with umoci and run by crun, with a read-only root
 * filesystem, the image's user (185), no capabilities, a writable {@code /tmp} only, the memory limit of the
 * Deployment as a cgroup limit, and the environment the Deployment gives (the file named by
 * {@value #ENV_FILE_VARIABLE}, rendered from the manifests) under the stack's own addresses and ports. The container
 * shares the host's network namespace, so the loopback PostgreSQL and Kafka are reached as in the local stack.
 *
 * <p>Chosen by {@value #IMAGES_VARIABLE} (the OCI layout's directory) in the environment; needs root, crun and umoci.
 */
final class ContainerLaunch {

    static final String IMAGES_VARIABLE = "SLOTWISE_SERVICE_IMAGES";
    static final String ENV_FILE_VARIABLE = "SLOTWISE_SERVICE_IMAGE_ENV";
    static final String MEMORY_VARIABLE = "SLOTWISE_SERVICE_IMAGE_MEMORY_BYTES";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Which of this process's variables a container takes, as a started process would inherit them. */
    private static final List<String> PASSED_PREFIXES = List.of("SLOTWISE_", "QUARKUS_", "KAFKA_", "OTEL_");

    private ContainerLaunch() {
    }

    static String imagesDirectory(Map<String, String> environment) {
        return environment.getOrDefault(IMAGES_VARIABLE, System.getenv(IMAGES_VARIABLE));
    }

    /** The container's name for a service: unique per start, so that a surge instance runs beside the first. */
    static String containerName(String module) {
        return "slotwise-" + module + "-" + System.nanoTime();
    }

    /** Where a container's bundle (its unpacked image and runtime configuration) is made: beside the log directory. */
    static Path bundle(Path logDir, String container) {
        return logDir.toAbsolutePath().resolveSibling("containers").resolve(container);
    }

    /** Unpacks {@code module}'s image into a bundle of its own and returns the command that runs it in the foreground. */
    static List<String> command(Path images, String module, String container, Map<String, String> environment,
            Path logDir) {
        try {
            Path bundle = bundle(logDir, container);
            Files.createDirectories(bundle.getParent());
            run(List.of("umoci", "unpack", "--image", images + ":" + module, bundle.toString()));
            Path config = bundle.resolve("config.json");
            ObjectNode spec = (ObjectNode) JSON.readTree(config.toFile());
            String memory = environment.getOrDefault(MEMORY_VARIABLE,
                    System.getenv().getOrDefault(MEMORY_VARIABLE, String.valueOf(512L * 1024 * 1024)));
            podLike(spec, containerEnvironment(spec, environment), Long.parseLong(memory));
            JSON.writerWithDefaultPrettyPrinter().writeValue(config.toFile(), spec);
            // crun runs where cgroup v1 is mounted beside an empty v2 hierarchy (this machine's "hybrid" layout)
            // only once the v2 one is out of its sight: unmounted in a mount namespace of its own
            String crun = "exec crun run --bundle '" + bundle + "' '" + container + "'";
            String hybrid = "if mountpoint -q /sys/fs/cgroup/unified; then umount /sys/fs/cgroup/unified; fi; ";
            return List.of("unshare", "--mount", "--propagation", "private", "sh", "-c", hybrid + crun);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Removes the container's state once its process ended (a killed {@code crun run} leaves it behind), and its
     * bundle.
     */
    static void delete(String container, Path logDir) {
        try {
            run(List.of("crun", "delete", "--force", container));
        } catch (RuntimeException alreadyGone) {
            // nothing left to remove
        }
        run(List.of("rm", "-rf", bundle(logDir, container).toString()));
    }

    private static Map<String, String> containerEnvironment(ObjectNode spec, Map<String, String> given)
            throws IOException {
        Map<String, String> environment = new LinkedHashMap<>();
        spec.with("process").withArray("env").forEach(entry -> {
            String[] pair = entry.asText().split("=", 2);
            environment.put(pair[0], pair.length > 1 ? pair[1] : "");
        });
        String manifest = given.getOrDefault(ENV_FILE_VARIABLE, System.getenv(ENV_FILE_VARIABLE));
        if (manifest != null) {
            for (String line : Files.readAllLines(Path.of(manifest))) {
                int equals = line.indexOf('=');
                if (equals > 0 && !line.startsWith("#")) {
                    environment.put(line.substring(0, equals), line.substring(equals + 1));
                }
            }
        }
        System.getenv().forEach((name, value) -> {
            if (PASSED_PREFIXES.stream().anyMatch(name::startsWith)) {
                environment.put(name, value);
            }
        });
        environment.putAll(given);
        environment.remove(IMAGES_VARIABLE);
        environment.remove(ENV_FILE_VARIABLE);
        environment.remove(MEMORY_VARIABLE);
        return environment;
    }

    /** What the Deployment's pod and container security context and volumes say, in OCI runtime terms. */
    private static void podLike(ObjectNode spec, Map<String, String> environment, long memoryLimit) {
        ObjectNode process = spec.with("process");
        process.put("terminal", false);
        process.put("noNewPrivileges", true);
        ArrayNode env = process.putArray("env");
        environment.forEach((name, value) -> env.add(name + "=" + value));
        ObjectNode capabilities = process.putObject("capabilities");
        for (String set : List.of("bounding", "effective", "inheritable", "permitted", "ambient")) {
            capabilities.putArray(set);
        }
        spec.with("root").put("readonly", true);
        ArrayNode mounts = spec.withArray("mounts");
        ObjectNode tmp = mounts.addObject();
        tmp.put("destination", "/tmp").put("type", "tmpfs").put("source", "tmpfs");
        tmp.putArray("options").add("nosuid").add("nodev").add("mode=1777").add("size=256m");
        ObjectNode linux = spec.with("linux");
        ArrayNode namespaces = linux.withArray("namespaces");
        for (int i = namespaces.size() - 1; i >= 0; i--) {
            if ("network".equals(namespaces.get(i).path("type").asText())) {
                namespaces.remove(i);
            }
        }
        linux.with("resources").putObject("memory").put("limit", memoryLimit);
    }

    private static void run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + new String(output));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
