package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.ok;
import static dev.slotwise.stack.StackApi.salon;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.stack.StackApi.Answer;
import dev.slotwise.stack.StackApi.Salon;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §2, types are strict, on every create route of every service through the gateway: a value of the wrong
 * JSON type is 422 naming the field, and nothing is created ({@code {"firstName": 42}} once made a customer "42").
 */
@ExtendWith(SharedStack.class)
class StrictTypesIT {

    /** A route, a body with one value of the wrong type, and the field the refusal must name. */
    record WrongType(String path, String body, String field) {
    }

    @Test
    void everyCreateRouteRefusesAValueOfTheWrongType() throws Exception {
        String tenant = createTenant("Strict types", "UTC", "enterprise");
        String key = createKey(tenant, "customers.read", "customers.write", "reviews.write", "campaigns.write",
                "appointments.write", "services.write", "staff.write", "inventory.write", "inventory.read",
                "transactions.write", "webhooks.write").get("key").asText();
        Salon salon = salon(key);
        String customer = salon.customer();
        String service = salon.service();
        String staff = salon.staff();
        String product = salon.product();

        List<WrongType> cases = List.of(
                new WrongType("/api/v1/customers", "{\"firstName\":42}", "firstName"),
                new WrongType("/api/v1/customers", "{\"firstName\":\"Al\",\"marketingConsent\":\"true\"}", "marketingConsent"),
                new WrongType("/api/v1/reviews", "{\"customerId\":\"" + customer + "\",\"rating\":\"5\"}", "rating"),
                new WrongType("/api/v1/campaigns", "{\"name\":7,\"channel\":\"sms\",\"message\":\"Hi\"}", "name"),
                new WrongType("/api/v1/appointments", "{\"customerId\":\"%s\",\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":12345}"
                        .formatted(customer, service, staff), "startsAt"),
                new WrongType("/api/v1/services", "{\"name\":\"Dye\",\"durationMinutes\":\"45\",\"price\":{\"amount\":1,\"currency\":\"EUR\"}}",
                        "durationMinutes"),
                new WrongType("/api/v1/staff", "{\"name\":true}", "name"),
                new WrongType("/api/v1/products", "{\"name\":\"Wax\",\"sku\":\"WX\",\"stockQuantity\":2.5,\"price\":{\"amount\":1,\"currency\":\"EUR\"}}",
                        "stockQuantity"),
                new WrongType("/api/v1/products/" + product + "/stock-adjustments", "{\"delta\":\"-1\"}", "delta"),
                new WrongType("/api/v1/transactions", """
                        {"customerId":"%s","items":[{"type":"product","refId":"%s","quantity":"1"}],
                         "payments":[{"method":"cash","amount":{"amount":500,"currency":"EUR"}}]}""".formatted(customer, product),
                        "quantity"),
                new WrongType("/api/webhook-endpoints", "{\"url\":1,\"events\":[\"customer.created\"]}", "url"));
        for (WrongType wrong : cases) {
            Answer refused = call("POST", wrong.path(), key, wrong.body());
            assertThat(refused.status()).as(wrong.body()).isEqualTo(422);
            assertThat(refused.body().get("code").asText()).isEqualTo("validation_failed");
            assertThat(refused.body().get("errors").findValuesAsText("field")).as(wrong.body())
                    .anySatisfy(field -> assertThat(field).endsWith(wrong.field()));
        }
        assertThat(ok(call("GET", "/api/v1/customers", key, null)).get("data")).hasSize(1);
        assertThat(ok(call("GET", "/api/v1/products/" + product, key, null)).get("stockQuantity").asInt()).isEqualTo(Salon.STOCK);
    }
}
