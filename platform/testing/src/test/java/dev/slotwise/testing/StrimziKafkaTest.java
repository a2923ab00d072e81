package dev.slotwise.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deployment's Kafka resources and a Pod's KAFKA_* variables read as Strimzi and Kubernetes read them (the repository's
 * own k8s/), so that the secured broker test sets up what production runs.
 */
class StrimziKafkaTest {

    private static final Path K8S = Path.of("../../k8s").toAbsolutePath().normalize();
    private final StrimziKafka strimzi = StrimziKafka.read(K8S.resolve("components/strimzi"));

    @Test
    void aKafkaUsersAclsBecomeKafkasBindingsWithItsPrincipal() {
        StrimziKafka.User customers = strimzi.users().stream().filter(u -> u.name().equals("customer-service"))
                .findFirst().orElseThrow();
        assertThat(customers.mechanism()).isEqualTo("SCRAM-SHA-512");
        assertThat(customers.acls()).contains(
                new AclBinding(new ResourcePattern(ResourceType.TOPIC, "slotwise.customer.events", PatternType.LITERAL),
                        new AccessControlEntry("User:customer-service", "*", AclOperation.WRITE, AclPermissionType.ALLOW)),
                new AclBinding(new ResourcePattern(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL),
                        new AccessControlEntry("User:customer-service", "*", AclOperation.IDEMPOTENT_WRITE,
                                AclPermissionType.ALLOW)),
                new AclBinding(new ResourcePattern(ResourceType.GROUP, "customer-service", PatternType.LITERAL),
                        new AccessControlEntry("User:customer-service", "*", AclOperation.READ, AclPermissionType.ALLOW)));
        assertThat(customers.acls()).allMatch(acl -> acl.entry().principal().equals("User:customer-service"));
    }

    @Test
    void theServicesListenerIsTlsWithScramAndEveryTopicFitsOneBroker() {
        assertThat(strimzi.saslMechanismOfTlsListener(PodKafkaEnvironment.bootstrapPort(K8S, "customer-service")))
                .isEqualTo("SCRAM-SHA-512");
        assertThatThrownBy(() -> strimzi.saslMechanismOfTlsListener(9092)).hasMessageContaining("no Kafka listener");
        assertThat(strimzi.clusterCaSecret()).isEqualTo("slotwise-cluster-ca-cert");
        assertThat(strimzi.topics()).isNotEmpty().allSatisfy(topic -> {
            assertThat(topic.replicationFactor()).isEqualTo((short) 1);
            assertThat(topic.configs()).containsEntry("min.insync.replicas", "1");
        });
    }

    @Test
    void aPodsKafkaVariablesTakeTheirSecretsAndMountedFiles(@TempDir Path root) throws IOException {
        Map<String, String> environment = PodKafkaEnvironment.of(K8S, "customer-service", Map.of(
                "customer-service", Map.of("sasl.jaas.config", "the user's JAAS line"),
                "slotwise-cluster-ca-cert", Map.of("ca.crt", "the CA")), root, "127.0.0.1:1234");

        assertThat(environment).containsEntry("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1234")
                .containsEntry("KAFKA_SASL_JAAS_CONFIG", "the user's JAAS line")
                .containsEntry("KAFKA_SECURITY_PROTOCOL", "SASL_SSL");
        Path truststore = Path.of(environment.get("KAFKA_SSL_TRUSTSTORE_LOCATION"));
        assertThat(truststore).startsWith(root);
        assertThat(Files.readString(truststore)).isEqualTo("the CA");
        assertThatThrownBy(() -> PodKafkaEnvironment.of(K8S, "customer-service", Map.of(), root, "127.0.0.1:1234"))
                .hasMessageContaining("no Secret");
    }
}
