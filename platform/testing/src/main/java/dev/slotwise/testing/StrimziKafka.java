package dev.slotwise.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * The Kafka of the Kubernetes deployment as its Strimzi resources describe it (k8s/components/strimzi): the cluster,
 * the listener the services reach, the topics, and each KafkaUser with its ACLs, read from the YAML and turned into
 * what Kafka's Admin API creates, as Strimzi's operators do. A test built on it follows the deployment: an ACL
 * taken out of kafka-users.yaml is missing on the test's broker too.
 */
public final class StrimziKafka {

    /** A KafkaUser: its name (the principal {@code User:<name>}), its SASL mechanism and its ACLs. */
    public record User(String name, String mechanism, List<AclBinding> acls) {
    }

    private final List<JsonNode> resources;

    private StrimziKafka(List<JsonNode> resources) {
        this.resources = resources;
    }

    /** Reads every resource of the component's directory (kafka.yaml, kafka-topics.yaml, kafka-users.yaml, ...). */
    public static StrimziKafka read(Path component) {
        List<JsonNode> resources = new ArrayList<>();
        try (Stream<Path> files = Files.list(component)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                resources.addAll(KubernetesYaml.documents(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new StrimziKafka(resources);
    }

    /** The Kafka cluster's name: Strimzi names its CA Secret {@code <name>-cluster-ca-cert} after it. */
    public String clusterName() {
        return cluster().path("metadata").path("name").asText();
    }

    /** The Secret holding the cluster CA's certificate ({@code ca.crt}) that clients trust. */
    public String clusterCaSecret() {
        return clusterName() + "-cluster-ca-cert";
    }

    /**
     * The SASL mechanism of the listener on {@code port} (the port of the services' bootstrap address), which must be
     * TLS with SCRAM authentication, in a cluster whose authorization is Kafka's own ACLs ({@code simple}): the only
     * security a test broker here reproduces; anything else fails, so a changed deployment is not tested as the old one.
     */
    public String saslMechanismOfTlsListener(int port) {
        JsonNode kafka = cluster().path("spec").path("kafka");
        String authorization = kafka.path("authorization").path("type").asText();
        if (!"simple".equals(authorization)) {
            throw new IllegalStateException("Kafka authorization is '" + authorization + "', the test knows 'simple' only");
        }
        for (JsonNode listener : kafka.path("listeners")) {
            if (listener.path("port").asInt() != port) {
                continue;
            }
            String authentication = listener.path("authentication").path("type").asText();
            if (!listener.path("tls").asBoolean() || !authentication.startsWith("scram-sha-")) {
                throw new IllegalStateException("the listener on " + port + " is not TLS with SCRAM: " + listener);
            }
            return authentication.toUpperCase(Locale.ROOT);
        }
        throw new IllegalStateException("no Kafka listener on port " + port);
    }

    /**
     * The KafkaTopics, with their partitions and settings, on a single broker: replication factor 1 and
     * {@code min.insync.replicas} 1 (as the dev overlay sets them).
     */
    public List<NewTopic> topics() {
        return ofKind("KafkaTopic").map(topic -> {
            JsonNode spec = topic.path("spec");
            String name = spec.path("topicName").asText(topic.path("metadata").path("name").asText());
            Map<String, String> config = new LinkedHashMap<>();
            spec.path("config").properties().forEach(setting -> config.put(setting.getKey(), setting.getValue().asText()));
            config.put("min.insync.replicas", "1");
            return new NewTopic(name, spec.path("partitions").asInt(1), (short) 1).configs(config);
        }).toList();
    }

    /** The KafkaUsers and their ACLs. */
    public List<User> users() {
        return ofKind("KafkaUser").map(StrimziKafka::user).toList();
    }

    private static User user(JsonNode resource) {
        String name = resource.path("metadata").path("name").asText();
        JsonNode spec = resource.path("spec");
        String authentication = spec.path("authentication").path("type").asText();
        if (!authentication.startsWith("scram-sha-")) {
            throw new IllegalStateException("KafkaUser " + name + " authenticates with '" + authentication
                    + "', the test knows SCRAM only");
        }
        String authorization = spec.path("authorization").path("type").asText();
        if (!"simple".equals(authorization)) {
            throw new IllegalStateException("KafkaUser " + name + " has authorization '" + authorization + "'");
        }
        List<AclBinding> acls = new ArrayList<>();
        for (JsonNode acl : spec.path("authorization").path("acls")) {
            ResourcePattern pattern = pattern(acl.path("resource"));
            AclPermissionType permission = AclPermissionType.fromString(acl.path("type").asText("allow"));
            String host = acl.path("host").asText("*");
            List<String> operations = new ArrayList<>();
            acl.path("operations").forEach(operation -> operations.add(operation.asText()));
            if (acl.hasNonNull("operation")) {
                operations.add(acl.path("operation").asText());
            }
            for (String operation : operations) {
                acls.add(new AclBinding(pattern,
                        new AccessControlEntry("User:" + name, host, operation(operation), permission)));
            }
        }
        return new User(name, authentication.toUpperCase(Locale.ROOT), acls);
    }

    /** Strimzi's resource (type topic, group, cluster, transactionalId; patternType literal or prefix). */
    private static ResourcePattern pattern(JsonNode resource) {
        String type = resource.path("type").asText();
        if ("cluster".equals(type)) {
            return new ResourcePattern(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL);
        }
        PatternType patternType = "prefix".equals(resource.path("patternType").asText("literal"))
                ? PatternType.PREFIXED : PatternType.LITERAL;
        return new ResourcePattern(upperSnake(type, ResourceType.class), resource.path("name").asText(), patternType);
    }

    /** Strimzi's operation names are Kafka's in camel case: IdempotentWrite is IDEMPOTENT_WRITE. */
    private static AclOperation operation(String name) {
        return upperSnake(name, AclOperation.class);
    }

    private static <E extends Enum<E>> E upperSnake(String camel, Class<E> type) {
        String name = camel.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
        return Enum.valueOf(type, name);
    }

    private JsonNode cluster() {
        List<JsonNode> clusters = ofKind("Kafka").toList();
        if (clusters.size() != 1) {
            throw new IllegalStateException("expected one Kafka resource, found " + clusters.size());
        }
        return clusters.get(0);
    }

    private Stream<JsonNode> ofKind(String kind) {
        return resources.stream().filter(r -> kind.equals(r.path("kind").asText()));
    }
}
