package dev.slotwise.gateway;

import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Real PostgreSQL for every test of this module (the gateway needs no Kafka). */
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true,
        initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(GatewayTestResource.class)
public final class TestInfrastructure {
}
