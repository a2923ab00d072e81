package dev.slotwise.customer;

import dev.slotwise.testing.ServiceChassisContract;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ChassisTest extends ServiceChassisContract {
}
