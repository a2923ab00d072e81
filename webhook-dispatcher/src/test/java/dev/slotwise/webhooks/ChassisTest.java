package dev.slotwise.webhooks;

import dev.slotwise.testing.ServiceChassisContract;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ChassisTest extends ServiceChassisContract {
}
