package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every route of the contract (CONTRACT §5, §8, §14 and §15, written out here as the contract states it — not read from the
 * gateway's own route table, which is what is under test) × a key holding one scope only: 403 naming the route's
 * scope, except for that scope.
 */
@QuarkusTest
class ScopeMatrixTest {

    private record ContractRoute(String method, String path, String scope) {
    }

    private static final String WE = "/api/webhook-endpoints/we_1";
    private static final List<ContractRoute> CONTRACT = List.of(
            new ContractRoute("GET", "/api/v1/customers", "customers.read"),
            new ContractRoute("POST", "/api/v1/customers", "customers.write"),
            new ContractRoute("GET", "/api/v1/customers/x_1", "customers.read"),
            new ContractRoute("PATCH", "/api/v1/customers/x_1", "customers.write"),
            new ContractRoute("GET", "/api/v1/appointments", "appointments.read"),
            new ContractRoute("GET", "/api/v1/availability", "appointments.read"),
            new ContractRoute("POST", "/api/v1/appointments", "appointments.write"),
            new ContractRoute("GET", "/api/v1/appointments/x_1", "appointments.read"),
            new ContractRoute("PATCH", "/api/v1/appointments/x_1", "appointments.write"),
            new ContractRoute("POST", "/api/v1/appointments/x_1/cancel", "appointments.write"),
            new ContractRoute("POST", "/api/v1/appointments/x_1/complete", "appointments.write"),
            new ContractRoute("POST", "/api/v1/appointments/x_1/no-show", "appointments.write"),
            new ContractRoute("GET", "/api/v1/availability/explain", "appointments.read"),
            new ContractRoute("GET", "/api/v1/booking-policy", "settings.read"),
            new ContractRoute("PUT", "/api/v1/booking-policy", "settings.write"),
            new ContractRoute("GET", "/api/v1/closures", "settings.read"),
            new ContractRoute("POST", "/api/v1/closures", "settings.write"),
            new ContractRoute("DELETE", "/api/v1/closures/x_1", "settings.write"),
            new ContractRoute("GET", "/api/v1/staff/x_1/date-overrides", "staff.read"),
            new ContractRoute("PUT", "/api/v1/staff/x_1/date-overrides/2030-12-24", "staff.write"),
            new ContractRoute("DELETE", "/api/v1/staff/x_1/date-overrides/2030-12-24", "staff.write"),
            new ContractRoute("GET", "/api/v1/services", "services.read"),
            new ContractRoute("POST", "/api/v1/services", "services.write"),
            new ContractRoute("GET", "/api/v1/services/x_1", "services.read"),
            new ContractRoute("PATCH", "/api/v1/services/x_1", "services.write"),
            new ContractRoute("GET", "/api/v1/staff", "staff.read"),
            new ContractRoute("POST", "/api/v1/staff", "staff.write"),
            new ContractRoute("GET", "/api/v1/staff/x_1", "staff.read"),
            new ContractRoute("PATCH", "/api/v1/staff/x_1", "staff.write"),
            new ContractRoute("GET", "/api/v1/staff/x_1/working-hours", "staff.read"),
            new ContractRoute("PUT", "/api/v1/staff/x_1/working-hours", "staff.write"),
            new ContractRoute("GET", "/api/v1/staff/x_1/time-off", "staff.read"),
            new ContractRoute("POST", "/api/v1/staff/x_1/time-off", "staff.write"),
            new ContractRoute("DELETE", "/api/v1/staff/x_1/time-off/x_2", "staff.write"),
            new ContractRoute("POST", "/api/v1/staff/x_1/check-in", "staff.write"),
            new ContractRoute("POST", "/api/v1/staff/x_1/check-out", "staff.write"),
            new ContractRoute("GET", "/api/v1/products", "inventory.read"),
            new ContractRoute("POST", "/api/v1/products", "inventory.write"),
            new ContractRoute("GET", "/api/v1/products/x_1", "inventory.read"),
            new ContractRoute("PATCH", "/api/v1/products/x_1", "inventory.write"),
            new ContractRoute("POST", "/api/v1/products/x_1/stock-adjustments", "inventory.write"),
            new ContractRoute("POST", "/api/v1/transactions", "transactions.write"),
            new ContractRoute("GET", "/api/v1/transactions", "transactions.read"),
            new ContractRoute("GET", "/api/v1/transactions/x_1", "transactions.read"),
            new ContractRoute("POST", "/api/v1/transactions/x_1/refund", "transactions.write"),
            new ContractRoute("GET", "/api/v1/payments", "payments.read"),
            new ContractRoute("GET", "/api/v1/payments/x_1", "payments.read"),
            new ContractRoute("GET", "/api/v1/reviews", "reviews.read"),
            new ContractRoute("POST", "/api/v1/reviews", "reviews.write"),
            new ContractRoute("GET", "/api/v1/campaigns", "campaigns.read"),
            new ContractRoute("POST", "/api/v1/campaigns", "campaigns.write"),
            new ContractRoute("GET", "/api/v1/campaigns/x_1", "campaigns.read"),
            new ContractRoute("POST", "/api/v1/campaigns/x_1/send", "campaigns.write"),
            new ContractRoute("POST", "/api/webhook-endpoints", "webhooks.write"),
            new ContractRoute("GET", "/api/webhook-endpoints", "webhooks.write"),
            new ContractRoute("GET", WE, "webhooks.write"),
            new ContractRoute("PATCH", WE, "webhooks.write"),
            new ContractRoute("DELETE", WE, "webhooks.write"),
            new ContractRoute("POST", WE + "/rotate-secret", "webhooks.write"),
            new ContractRoute("POST", WE + "/ping", "webhooks.write"),
            new ContractRoute("GET", WE + "/deliveries", "webhooks.write"),
            new ContractRoute("GET", WE + "/deliveries/00000000-0000-0000-0000-000000000000", "webhooks.write"),
            new ContractRoute("POST", WE + "/deliveries/00000000-0000-0000-0000-000000000000/replay", "webhooks.write"),
            new ContractRoute("POST", WE + "/recover", "webhooks.write"));

    /** The scopes of CONTRACT §4. */
    private static final Set<String> SCOPES = new LinkedHashSet<>(List.of("customers.read", "customers.write",
            "appointments.read", "appointments.write", "services.read", "services.write", "staff.read", "staff.write",
            "transactions.read", "transactions.write", "payments.read", "reviews.read", "reviews.write",
            "inventory.read", "inventory.write", "campaigns.read", "campaigns.write", "webhooks.write",
            "settings.read", "settings.write"));

    @Test
    void everyRouteNeedsExactlyItsScope() {
        String tenant = Operator.tenant("enterprise");
        Map<String, String> keys = new LinkedHashMap<>();
        for (String scope : SCOPES) {
            keys.put(scope, Operator.key(tenant, scope).get("key"));
        }
        List<String> wrong = new ArrayList<>();
        for (ContractRoute route : CONTRACT) {
            for (Map.Entry<String, String> key : keys.entrySet()) {
                Response answer = given().auth().oauth2(key.getValue()).contentType("application/json")
                        .body(route.method().equals("GET") || route.method().equals("DELETE") ? "" : "{}")
                        .request(route.method(), route.path());
                boolean mayPass = key.getKey().equals(route.scope());
                int status = answer.statusCode();
                if (mayPass ? status == 403 || status == 405 : status != 403
                        || !answer.header("WWW-Authenticate").contains("scope=\"" + route.scope() + "\"")) {
                    wrong.add(route.method() + " " + route.path() + " with " + key.getKey() + " → " + status);
                }
            }
        }
        assertThat(wrong).isEmpty();
    }
}
