package dev.slotwise.pos;

import dev.slotwise.testing.InternalTokenTestResource;
import dev.slotwise.testing.KafkaTestResource;
import dev.slotwise.testing.PostgresTestResource;
import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of this module, and the real customer-, appointment- and
 * catalog-staff-service (their packaged jars, as processes) for the reference and price checks, and for stock.
 */
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true,
        initArgs = @ResourceArg(name = "database", value = "pos"))
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(InternalTokenTestResource.class)
@QuarkusTestResource(value = ServiceDependenciesTestResource.class, parallel = true,
        initArgs = @ResourceArg(name = "services",
                value = "customer-service=customers,catalog-staff-service=catalog,appointment-service=appointments"))
public final class TestInfrastructure {
}
