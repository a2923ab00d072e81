package dev.slotwise.customer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokenTestResource;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.PostgresTestResource;
import dev.slotwise.testing.SecuredKafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.smallrye.common.annotation.Identifier;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Kafka's production security, exercised (issue 41): customer-service configured exactly as its Deployment configures
 * it (k8s/base/services/customer-service.yaml's KAFKA_* variables, the ConfigMap's bootstrap address pointed at the
 * test broker, the Secrets Strimzi would make) against a broker secured as k8s/components/strimzi secures it:
 * SASL_SSL with SCRAM, its KafkaUsers' ACLs and nothing else ({@link SecuredKafkaTestResource}). The service's own
 * outbox publishes and its own consumer group reads; with the same settings, topics and groups outside its ACLs are
 * refused, and so are a wrong password and a client that does not trust the cluster CA.
 */
@QuarkusTest
@TestProfile(ProductionKafkaSecurityTest.ProductionKafka.class)
class ProductionKafkaSecurityTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The module's infrastructure, with the secured broker in place of the plaintext one. */
    public static class ProductionKafka implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(
                    new TestResourceEntry(PostgresTestResource.class, Map.of("database", "customers"), true),
                    new TestResourceEntry(SecuredKafkaTestResource.class, Map.of("service", "customer-service"), true),
                    new TestResourceEntry(InternalTokenTestResource.class),
                    new TestResourceEntry(AppointmentServiceStub.class));
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }
    }

    /** What every Kafka client of the service is configured with (Quarkus's default-kafka-broker). */
    @Inject
    @Identifier("default-kafka-broker")
    Map<String, Object> serviceKafka;

    @Inject
    Pool database;

    private final String tenant = Ids.next("ten");

    @Test
    void theDeploymentsVariablesAreWhatTheServicesKafkaClientsUse() {
        assertThat(serviceKafka)
                .containsEntry("bootstrap.servers", SecuredKafkaTestResource.broker().secureBootstrapServers())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.jaas.config", SecuredKafkaTestResource.secret("customer-service", "sasl.jaas.config"))
                .containsKeys("sasl.mechanism", "ssl.truststore.type", "ssl.truststore.location");
    }

    @Test
    void itsOutboxPublishesToItsTopic() {
        try (KafkaEvents events = KafkaEvents.follow(SecuredKafkaTestResource.broker().bootstrapServers(),
                "slotwise.customer.events")) {
            String id = given().auth().oauth2(InternalTokens.forTenant(tenant, "customers.write"))
                    .contentType(ContentType.JSON).body("{\"firstName\":\"Sasl\"}")
                    .post("/api/v1/customers").then().statusCode(201).extract().path("id");

            events.await(v -> v.contains(id) && v.contains("customer.created"), WAIT);
        }
    }

    /** appointment-service publishes with its own user (its Secret); customer-service reads with its group. */
    @Test
    void itsConsumerGroupReadsTheAppointmentsAppointmentServicePublishes() throws Exception {
        String appointment = Ids.next("appt");
        publishAsAppointmentService(appointment, """
                {"id":"%s","type":"appointment.created","tenantId":"%s","createdAt":"2030-01-01T09:00:00Z",
                 "data":{"id":"%s","customerId":"cus_x","serviceId":"svc_x","staffId":"stf_x","status":"booked"}}"""
                .formatted(Ids.next("evt"), tenant, appointment));

        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!remembered(appointment) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(remembered(appointment)).as("customer-service consumed the appointment").isTrue();
    }

    /** Its dead-letter topic, the third thing its user may write: a record it can never apply goes there. */
    @Test
    void aRecordItCannotApplyReachesItsDeadLetterTopic() throws Exception {
        String poison = "not an event " + UUID.randomUUID();
        try (KafkaEvents deadLetters = KafkaEvents.follow(SecuredKafkaTestResource.broker().bootstrapServers(),
                "slotwise.customer-service.dead-letters")) {
            publishAsAppointmentService("poison", poison);

            deadLetters.await(poison::equals, WAIT);
        }
    }

    @Test
    void withItsOwnSettingsATopicOutsideItsAclsIsRefused() {
        try (KafkaProducer<String, String> producer = producer(settings(Map.of()))) {
            assertRefused(() -> producer.send(new ProducerRecord<>("slotwise.pos.events", "k", "{}")).get(),
                    TopicAuthorizationException.class);
            assertRefused(() -> producer.send(new ProducerRecord<>("slotwise.appointment.events", "k", "{}")).get(),
                    TopicAuthorizationException.class);
        }
        try (KafkaConsumer<String, String> consumer = consumer(settings(Map.of()))) {
            consumer.assign(List.of(new TopicPartition("slotwise.catalog.events", 0)));
            assertRefused(() -> pollUntilRefused(consumer), TopicAuthorizationException.class);
        }
    }

    @Test
    void withItsOwnSettingsAConsumerGroupNotItsOwnIsRefused() {
        try (KafkaConsumer<String, String> consumer = consumer(settings(
                Map.of(ConsumerConfig.GROUP_ID_CONFIG, "webhook-dispatcher")))) {
            consumer.subscribe(List.of("slotwise.appointment.events"));
            assertRefused(() -> pollUntilRefused(consumer), GroupAuthorizationException.class);
        }
    }

    @Test
    void aWrongPasswordIsRefused() {
        String jaas = SecuredKafkaTestResource.secret("customer-service", "sasl.jaas.config");
        String wrong = jaas.replace(SecuredKafkaTestResource.secret("customer-service", "password"), "not-the-password");
        assertThat(wrong).isNotEqualTo(jaas);
        try (KafkaProducer<String, String> producer = producer(settings(Map.of("sasl.jaas.config", wrong)))) {
            assertRefused(() -> producer.partitionsFor("slotwise.customer.events"), SaslAuthenticationException.class);
        }
    }

    @Test
    void aClientThatDoesNotTrustTheClusterCaIsRefused() {
        Map<String, Object> settings = settings(Map.of());
        settings.remove("ssl.truststore.type");
        settings.remove("ssl.truststore.location");
        try (KafkaProducer<String, String> producer = producer(settings)) {
            assertRefused(() -> producer.partitionsFor("slotwise.customer.events"), SslAuthenticationException.class);
        }
    }

    /** As appointment-service publishes: its user (the JAAS line of its Secret), otherwise the same settings. */
    private void publishAsAppointmentService(String key, String value) throws Exception {
        Map<String, Object> appointmentService = settings(Map.of("sasl.jaas.config",
                SecuredKafkaTestResource.secret("appointment-service", "sasl.jaas.config")));
        try (KafkaProducer<String, String> producer = producer(appointmentService)) {
            producer.send(new ProducerRecord<>("slotwise.appointment.events", key, value)).get();
        }
    }

    /** The service's own client settings, with {@code changes}. */
    private Map<String, Object> settings(Map<String, Object> changes) {
        Map<String, Object> settings = new HashMap<>(serviceKafka);
        settings.putAll(changes);
        return settings;
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> settings) {
        Map<String, Object> config = new HashMap<>(settings);
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(config);
    }

    private static KafkaConsumer<String, String> consumer(Map<String, Object> settings) {
        Map<String, Object> config = new HashMap<>(settings);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return new KafkaConsumer<>(config);
    }

    /** Polls until the broker's refusal surfaces; a consumer that is let through fails the test. */
    private static void pollUntilRefused(KafkaConsumer<String, String> consumer) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            consumer.poll(Duration.ofMillis(500));
        }
        throw new AssertionError("not refused within " + WAIT);
    }

    /** {@code call} fails, with {@code reason} as the exception or one of its causes. */
    private static void assertRefused(ThrowingCallable call, Class<? extends Throwable> reason) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("refused with %s", reason.getSimpleName()).isNotNull();
        assertThat(Stream.iterate(thrown, Objects::nonNull, Throwable::getCause))
                .as("refused with %s, not %s", reason.getSimpleName(), thrown)
                .anyMatch(reason::isInstance);
    }

    private boolean remembered(String appointment) {
        return database.preparedQuery("select 1 from appointment_refs where id = $1 and tenant_id = $2")
                .execute(Tuple.of(appointment, tenant)).await().atMost(WAIT).iterator().hasNext();
    }
}
