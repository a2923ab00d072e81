package dev.slotwise.webhooks;

import dev.slotwise.testing.InternalTokenTestResource;
import dev.slotwise.testing.KafkaTestResource;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL and Kafka for every test of this module, started in parallel once per JVM, and a real name server
 * for webhook host names.
 */
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true,
        initArgs = @ResourceArg(name = "database", value = "webhooks"))
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(InternalTokenTestResource.class)
@QuarkusTestResource(NameServerTestResource.class)
public final class TestInfrastructure {
}
