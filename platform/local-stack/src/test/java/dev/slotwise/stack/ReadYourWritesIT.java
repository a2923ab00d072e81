package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.assertProblem;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 14: a client that just booked can review the appointment at once, before appointment-service's event has
 * reached customer-service. The broker is down for the whole exchange, so no event can arrive at all: the review
 * stands on customer-service asking appointment-service.
 */
@ExtendWith(SharedStack.class)
@Timeout(180)
class ReadYourWritesIT {

    @Test
    void aReviewOfAnAppointmentBookedAMomentAgoIsAccepted() throws Exception {
        String tenant = createTenant("Read your writes");
        String key = createKey(tenant, "customers.write", "services.write", "staff.write", "inventory.write",
                "appointments.write", "reviews.write", "reviews.read").get("key").asText();
        StackApi.Salon salon = StackApi.salon(key);
        String someoneElse = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Bo\"}"));

        SharedStack.stack().crashKafka();
        try {
            String appointment = created(call("POST", "/api/v1/appointments", key, """
                    {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"2031-03-04T10:00:00Z"}"""
                    .formatted(salon.customer(), salon.service(), salon.staff())));
            String review = "{\"customerId\":\"%s\",\"appointmentId\":\"%s\",\"rating\":5}";

            StackApi.Answer accepted = call("POST", "/api/v1/reviews", key, review.formatted(salon.customer(), appointment));
            assertThat(accepted.status()).as(String.valueOf(accepted.body())).isEqualTo(201);
            assertThat(accepted.body().get("appointmentId").asText()).isEqualTo(appointment);

            assertProblem(call("POST", "/api/v1/reviews", key, review.formatted(someoneElse, appointment)),
                    422, "validation_failed");
            String otherTenantKey = createKey(createTenant("Stranger"), "reviews.write", "customers.write")
                    .get("key").asText();
            String stranger = created(call("POST", "/api/v1/customers", otherTenantKey, "{\"firstName\":\"Cy\"}"));
            assertProblem(call("POST", "/api/v1/reviews", otherTenantKey, review.formatted(stranger, appointment)),
                    422, "validation_failed");
        } finally {
            SharedStack.stack().startKafka();
        }
    }
}
