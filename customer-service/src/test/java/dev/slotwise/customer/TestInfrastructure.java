package dev.slotwise.customer;

import dev.slotwise.testing.InternalTokenTestResource;
import dev.slotwise.testing.KafkaTestResource;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of this module, started in parallel once per JVM; appointment-service's
 * internal lookup as a contract stub ({@link AppointmentServiceStub}).
 */
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true,
        initArgs = @ResourceArg(name = "database", value = "customers"))
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(InternalTokenTestResource.class)
@QuarkusTestResource(AppointmentServiceStub.class)
public final class TestInfrastructure {
}
