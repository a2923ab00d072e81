package dev.slotwise.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;

/**
 * Kafka secured as the Kubernetes deployment secures it, and a service configured as its Pod is: a broker with a
 * SASL_SSL listener (the mechanism of the Strimzi listener the services' bootstrap address names), the KafkaTopics,
 * a SCRAM user per KafkaUser with a fresh password and exactly its ACLs, all read from k8s/ (see
 * {@link StrimziKafka}); then, for the service of init arg {@code service}, its Deployment's KAFKA_* variables
 * ({@link PodKafkaEnvironment}) with the Secrets Strimzi would have made: {@code <user>} (sasl.jaas.config, password)
 * and {@code <cluster>-cluster-ca-cert} (ca.crt). The variables are the service's configuration under the names the
 * Pod gives them (Quarkus's Kafka client reads every KAFKA_* name, as it reads the environment).
 *
 * <p>One broker per test JVM; the test itself administers and reads on the plaintext listener as the super user
 * ({@link #broker()}{@code .bootstrapServers()}).
 */
public final class SecuredKafkaTestResource implements QuarkusTestResourceLifecycleManager {

    private static final Duration APPLIED = Duration.ofSeconds(30);
    private static final Map<String, Map<String, String>> SECRETS = new ConcurrentHashMap<>();
    private static KafkaBrokerProcess broker;
    private static Path directory;
    private String service;

    @Override
    public void init(Map<String, String> initArgs) {
        service = initArgs.get("service");
        if (service == null) {
            throw new IllegalArgumentException("init arg 'service' names the Deployment whose Kafka settings to use");
        }
    }

    @Override
    public Map<String, String> start() {
        Path k8s = k8s();
        KafkaBrokerProcess broker = broker(k8s, service);
        return Map.copyOf(PodKafkaEnvironment.of(k8s, service, SECRETS, directory.resolve("pod-" + service),
                broker.secureBootstrapServers()));
    }

    @Override
    public void stop() {
        // shared by every test class of this JVM; stopped by the shutdown hook
    }

    /** The broker, once a test resource started it. */
    public static synchronized KafkaBrokerProcess broker() {
        if (broker == null) {
            throw new IllegalStateException("no secured broker: the test's profile has no SecuredKafkaTestResource");
        }
        return broker;
    }

    /** A key of a Secret Strimzi would have made, e.g. ({@code appointment-service}, {@code sasl.jaas.config}). */
    public static String secret(String name, String key) {
        String value = SECRETS.getOrDefault(name, Map.of()).get(key);
        if (value == null) {
            throw new IllegalArgumentException("no Secret " + name + " with key " + key);
        }
        return value;
    }

    private static synchronized KafkaBrokerProcess broker(Path k8s, String service) {
        if (broker != null) {
            return broker;
        }
        StrimziKafka strimzi = StrimziKafka.read(k8s.resolve("components").resolve("strimzi"));
        String mechanism = strimzi.saslMechanismOfTlsListener(PodKafkaEnvironment.bootstrapPort(k8s, service));
        try {
            directory = Files.createTempDirectory("slotwise-kafka-secured-");
            ClusterCertificates certificates = ClusterCertificates.generate(directory.resolve("tls"));
            KafkaBrokerProcess started = KafkaBrokerProcess.startEphemeral(
                    new KafkaBrokerProcess.SaslSsl(mechanism, certificates));
            SECRETS.put(strimzi.clusterCaSecret(),
                    Map.of("ca.crt", Files.readString(certificates.caCertificate(), StandardCharsets.US_ASCII)));
            provision(started, strimzi);
            broker = started;
            return broker;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What Strimzi's topic and user operators do: the topics, each user's credentials and Secret, and its ACLs. */
    private static void provision(KafkaBrokerProcess broker, StrimziKafka strimzi) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(strimzi.topics()).all().get(30, TimeUnit.SECONDS);
            List<UserScramCredentialAlteration> credentials = new ArrayList<>();
            List<AclBinding> acls = new ArrayList<>();
            for (StrimziKafka.User user : strimzi.users()) {
                String password = newPassword();
                credentials.add(new UserScramCredentialUpsertion(user.name(),
                        new ScramCredentialInfo(ScramMechanism.fromMechanismName(user.mechanism()), 4096), password));
                SECRETS.put(user.name(), Map.of("password", password, "sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"%s\" password=\"%s\";"
                                .formatted(user.name(), password)));
                acls.addAll(user.acls());
            }
            admin.alterUserScramCredentials(credentials).all().get(30, TimeUnit.SECONDS);
            admin.createAcls(acls).all().get(30, TimeUnit.SECONDS);
            awaitApplied(admin, strimzi.users().size(), new HashSet<>(acls).size());
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the broker refused the deployment's topics, users or ACLs", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Users and ACLs are metadata records the controller commits and the broker then applies; a client that came
     * before that would be refused. Waits until the broker answers with all of them.
     */
    private static void awaitApplied(Admin admin, int users, int acls) throws InterruptedException, ExecutionException,
            TimeoutException {
        long deadline = System.nanoTime() + APPLIED.toNanos();
        while (admin.describeUserScramCredentials().all().get(10, TimeUnit.SECONDS).size() < users
                || admin.describeAcls(AclBindingFilter.ANY).values().get(10, TimeUnit.SECONDS).size() < acls) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("users and ACLs not applied by the broker within " + APPLIED);
            }
            Thread.sleep(100);
        }
    }

    /** As Strimzi's user operator makes them: random, never logged. */
    private static String newPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static Path k8s() {
        return Path.of(System.getProperty("slotwise.home", "..")).toAbsolutePath().normalize().resolve("k8s");
    }
}
