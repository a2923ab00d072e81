package dev.slotwise.notification;

import dev.slotwise.testing.InternalTokenTestResource;
import dev.slotwise.testing.KafkaTestResource;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Real PostgreSQL, Kafka and SMTP (GreenMail) for every test of this module; the gateway's token minting and the
 * catalog's names as contract stubs ({@link DirectoryStub}).
 */
@QuarkusTestResource(value = PostgresTestResource.class, parallel = true,
        initArgs = @ResourceArg(name = "database", value = "notifications"))
@QuarkusTestResource(value = KafkaTestResource.class, parallel = true)
@QuarkusTestResource(InternalTokenTestResource.class)
@QuarkusTestResource(SmtpServer.class)
@QuarkusTestResource(DirectoryStub.class)
public final class TestInfrastructure {
}
