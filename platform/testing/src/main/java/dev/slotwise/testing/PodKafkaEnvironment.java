package dev.slotwise.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code KAFKA_*} environment a service's Pod gets from k8s/base, as Kubernetes assembles it: the ConfigMaps its
 * container takes whole ({@code envFrom}, generated from config/*.env), then its Deployment's own {@code env}, whose
 * values are literals, Secret keys or files of mounted Secrets. The caller plays the cluster: it supplies the
 * Secrets (what Strimzi would create), a directory standing in for the container's file system, and the broker
 * address the ConfigMap's bootstrap address stands for.
 */
public final class PodKafkaEnvironment {

    private static final String BOOTSTRAP = "KAFKA_BOOTSTRAP_SERVERS";

    private PodKafkaEnvironment() {
    }

    /**
     * {@code service}'s KAFKA_* variables. {@code secrets}: Secret name → key → value. Mounted Secret files are
     * written under {@code root} and the variables naming them point there. {@code bootstrapServers} replaces the
     * ConfigMap's in-cluster address, whose port {@link #bootstrapPort} tells.
     */
    public static Map<String, String> of(Path k8s, String service, Map<String, Map<String, String>> secrets, Path root,
            String bootstrapServers) {
        JsonNode container = container(k8s, service);
        JsonNode pod = podOf(k8s, service);
        Map<String, String> environment = new LinkedHashMap<>();
        configMapVariables(k8s, container).forEach((name, value) -> {
            if (name.startsWith("KAFKA_")) {
                environment.put(name, name.equals(BOOTSTRAP) ? bootstrapServers : value);
            }
        });
        if (!environment.containsKey(BOOTSTRAP)) {
            throw new IllegalStateException(service + " gets no " + BOOTSTRAP + " from its ConfigMaps");
        }
        for (JsonNode variable : container.path("env")) {
            String name = variable.path("name").asText();
            if (!name.startsWith("KAFKA_")) {
                continue;
            }
            if (variable.has("value")) {
                environment.put(name, mounted(variable.path("value").asText(), container, pod, secrets, root));
            } else if (variable.path("valueFrom").has("secretKeyRef")) {
                JsonNode reference = variable.path("valueFrom").path("secretKeyRef");
                environment.put(name, secret(secrets, reference.path("name").asText(), reference.path("key").asText()));
            } else {
                throw new IllegalStateException(service + "'s " + name + " comes from where the test cannot follow: "
                        + variable);
            }
        }
        return environment;
    }

    /** The port of the bootstrap address that the services' ConfigMap names (slotwise-kafka-bootstrap:9093). */
    public static int bootstrapPort(Path k8s, String service) {
        String address = configMapVariables(k8s, container(k8s, service)).get(BOOTSTRAP);
        if (address == null) {
            throw new IllegalStateException(service + " gets no " + BOOTSTRAP + " from its ConfigMaps");
        }
        return Integer.parseInt(address.split(",")[0].replaceAll(".*:", ""));
    }

    /**
     * A value that names a file of a mounted Secret ({@code /etc/kafka-ca/ca.crt}): the file is written under
     * {@code root} with the Secret's content, and the value names it there. Any other value stays as it is.
     */
    private static String mounted(String value, JsonNode container, JsonNode pod, Map<String, Map<String, String>> secrets,
            Path root) {
        for (JsonNode mount : container.path("volumeMounts")) {
            String mountPath = mount.path("mountPath").asText();
            if (!value.startsWith(mountPath + "/")) {
                continue;
            }
            String file = value.substring(mountPath.length() + 1);
            JsonNode volume = volume(pod, mount.path("name").asText());
            if (!volume.has("secret")) {
                throw new IllegalStateException(value + " is on a volume that is not a Secret: " + volume);
            }
            String secretName = volume.path("secret").path("secretName").asText();
            String key = file;
            for (JsonNode item : volume.path("secret").path("items")) {
                if (item.path("path").asText().equals(file)) {
                    key = item.path("key").asText();
                }
            }
            Path local = root.resolve(mountPath.substring(1)).resolve(file);
            try {
                Files.createDirectories(local.getParent());
                Files.writeString(local, secret(secrets, secretName, key), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return local.toString();
        }
        return value;
    }

    private static String secret(Map<String, Map<String, String>> secrets, String name, String key) {
        String value = secrets.getOrDefault(name, Map.of()).get(key);
        if (value == null) {
            throw new IllegalStateException("no Secret " + name + " with the key " + key);
        }
        return value;
    }

    private static JsonNode volume(JsonNode pod, String name) {
        for (JsonNode volume : pod.path("volumes")) {
            if (volume.path("name").asText().equals(name)) {
                return volume;
            }
        }
        throw new IllegalStateException("no volume " + name);
    }

    /** Every variable of the ConfigMaps the container takes whole, from their generators' .env files. */
    private static Map<String, String> configMapVariables(Path k8s, JsonNode container) {
        Map<String, Path> generated = new LinkedHashMap<>();
        Path base = k8s.resolve("base");
        for (JsonNode generator : KubernetesYaml.documents(base.resolve("kustomization.yaml")).get(0).path("configMapGenerator")) {
            for (JsonNode envs : generator.path("envs")) {
                generated.put(generator.path("name").asText(), base.resolve(envs.asText()));
            }
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (JsonNode source : container.path("envFrom")) {
            String name = source.path("configMapRef").path("name").asText();
            Path file = generated.get(name);
            if (file == null) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (!line.isBlank() && !line.startsWith("#") && line.contains("=")) {
                        variables.put(line.substring(0, line.indexOf('=')).trim(), line.substring(line.indexOf('=') + 1));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return variables;
    }

    private static JsonNode container(Path k8s, String service) {
        for (JsonNode container : podOf(k8s, service).path("containers")) {
            if (container.path("name").asText().equals(service)) {
                return container;
            }
        }
        throw new IllegalStateException("the Deployment " + service + " has no container " + service);
    }

    private static JsonNode podOf(Path k8s, String service) {
        Path file = k8s.resolve("base").resolve("services").resolve(service + ".yaml");
        return KubernetesYaml.documents(file).stream()
                .filter(d -> "Deployment".equals(d.path("kind").asText()) && service.equals(d.path("metadata").path("name").asText()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no Deployment " + service + " in " + file))
                .path("spec").path("template").path("spec");
    }
}
