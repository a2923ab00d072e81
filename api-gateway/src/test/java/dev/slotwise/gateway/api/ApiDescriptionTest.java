package dev.slotwise.gateway.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.slotwise.gateway.proxy.Route;
import dev.slotwise.gateway.proxy.RouteTable;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §12: the description is served (YAML, JSON, ETag, 304, docs); the gateway routes exactly the operations of
 * the contract, each with its scope to its owning service, and the description describes each with that scope.
 */
@QuarkusTest
class ApiDescriptionTest {

    private static JsonNode document() throws Exception {
        return new YAMLMapper().readTree(ApiDescription.load());
    }

    @Test
    void theDescriptionIsServedAsYamlAndJsonWithAnEtag() throws Exception {
        String etag = given().get("/openapi.yaml").then().statusCode(200)
                .contentType(startsWith("application/yaml"))
                .header("Cache-Control", containsString("max-age"))
                .body(startsWith("openapi: 3.1.0")).extract().header("ETag");
        assertThat(etag).startsWith("\"").endsWith("\"");
        given().header("If-None-Match", etag).get("/openapi.yaml").then().statusCode(304);
        given().header("If-None-Match", "\"something else\"").get("/openapi.yaml").then().statusCode(200);

        String json = given().get("/openapi.json").then().statusCode(200).contentType(startsWith("application/json"))
                .extract().asString();
        assertThat(new ObjectMapper().readTree(json)).isEqualTo(document());
    }

    @Test
    void theDocsAreServedByTheGatewayItself() {
        given().redirects().follow(true).get("/docs").then().statusCode(200)
                .contentType(startsWith("text/html")).body(containsString("swagger"));
    }

    /** One operation as the contract names it, with the service that owns it (ARCHITECTURE.md, "Ownership"). */
    private record Contracted(String method, String path, String scope, String service) {
    }

    private static Contracted op(String method, String path, String scope, String service) {
        return new Contracted(method, path, scope, service);
    }

    /**
     * CONTRACT §5, §8 and §14, written out here rather than read from the API description (which the route table is
     * derived from, so comparing the two proved nothing, issue 34). A route added to the description must be added
     * here too, from the contract.
     */
    private static final List<Contracted> CONTRACT = List.of(
            // §5 customers, §14 search
            op("GET", "/api/v1/customers", "customers.read", "customer"),
            op("POST", "/api/v1/customers", "customers.write", "customer"),
            op("GET", "/api/v1/customers/{id}", "customers.read", "customer"),
            op("PATCH", "/api/v1/customers/{id}", "customers.write", "customer"),
            // §5 appointments, §14 availability
            op("GET", "/api/v1/availability", "appointments.read", "appointment"),
            op("GET", "/api/v1/appointments", "appointments.read", "appointment"),
            op("POST", "/api/v1/appointments", "appointments.write", "appointment"),
            op("GET", "/api/v1/appointments/{id}", "appointments.read", "appointment"),
            op("PATCH", "/api/v1/appointments/{id}", "appointments.write", "appointment"),
            op("POST", "/api/v1/appointments/{id}/cancel", "appointments.write", "appointment"),
            op("POST", "/api/v1/appointments/{id}/complete", "appointments.write", "appointment"),
            // §5 services and staff, §14 working hours and time off
            op("GET", "/api/v1/services", "services.read", "catalog"),
            op("POST", "/api/v1/services", "services.write", "catalog"),
            op("GET", "/api/v1/services/{id}", "services.read", "catalog"),
            op("PATCH", "/api/v1/services/{id}", "services.write", "catalog"),
            op("GET", "/api/v1/staff", "staff.read", "catalog"),
            op("POST", "/api/v1/staff", "staff.write", "catalog"),
            op("GET", "/api/v1/staff/{id}", "staff.read", "catalog"),
            op("PATCH", "/api/v1/staff/{id}", "staff.write", "catalog"),
            op("GET", "/api/v1/staff/{id}/working-hours", "staff.read", "catalog"),
            op("PUT", "/api/v1/staff/{id}/working-hours", "staff.write", "catalog"),
            op("GET", "/api/v1/staff/{id}/time-off", "staff.read", "catalog"),
            op("POST", "/api/v1/staff/{id}/time-off", "staff.write", "catalog"),
            op("DELETE", "/api/v1/staff/{id}/time-off/{timeOffId}", "staff.write", "catalog"),
            op("POST", "/api/v1/staff/{id}/check-in", "staff.write", "catalog"),
            op("POST", "/api/v1/staff/{id}/check-out", "staff.write", "catalog"),
            // §5 products (PATCH is the project's addition beyond §5's table, under inventory.write)
            op("GET", "/api/v1/products", "inventory.read", "catalog"),
            op("POST", "/api/v1/products", "inventory.write", "catalog"),
            op("GET", "/api/v1/products/{id}", "inventory.read", "catalog"),
            op("PATCH", "/api/v1/products/{id}", "inventory.write", "catalog"),
            op("POST", "/api/v1/products/{id}/stock-adjustments", "inventory.write", "catalog"),
            // §5 sales and payments
            op("GET", "/api/v1/transactions", "transactions.read", "pos"),
            op("POST", "/api/v1/transactions", "transactions.write", "pos"),
            op("GET", "/api/v1/transactions/{id}", "transactions.read", "pos"),
            op("POST", "/api/v1/transactions/{id}/refund", "transactions.write", "pos"),
            op("GET", "/api/v1/payments", "payments.read", "pos"),
            op("GET", "/api/v1/payments/{id}", "payments.read", "pos"),
            // §5 reviews and campaigns
            op("GET", "/api/v1/reviews", "reviews.read", "customer"),
            op("POST", "/api/v1/reviews", "reviews.write", "customer"),
            op("GET", "/api/v1/campaigns", "campaigns.read", "customer"),
            op("POST", "/api/v1/campaigns", "campaigns.write", "customer"),
            op("GET", "/api/v1/campaigns/{id}", "campaigns.read", "customer"),
            op("POST", "/api/v1/campaigns/{id}/send", "campaigns.write", "customer"),
            // §8 webhooks
            op("GET", "/api/webhook-endpoints", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints", "webhooks.write", "webhooks"),
            op("GET", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            op("PATCH", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            op("DELETE", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/rotate-secret", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/ping", "webhooks.write", "webhooks"),
            op("GET", "/api/webhook-endpoints/{id}/deliveries", "webhooks.write", "webhooks"),
            op("GET", "/api/webhook-endpoints/{id}/deliveries/{deliveryId}", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/replay", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/recover", "webhooks.write", "webhooks"));

    /** A concrete request path for a contracted path: its parameters filled in. */
    private static String concrete(String path) {
        return path.replace("{id}", "x_1").replace("{timeOffId}", "tof_1")
                .replace("{deliveryId}", "0b9f4c1e-0000-4000-8000-000000000000");
    }

    @Test
    void everyOperationOfTheContractIsRoutedWithItsScopeToItsOwner() {
        List<String> disagreements = new ArrayList<>();
        for (Contracted operation : CONTRACT) {
            Optional<Route> route = RouteTable.match(operation.method(), concrete(operation.path())).route();
            if (route.isEmpty()) {
                disagreements.add(operation + ": not routed");
            } else if (!route.get().scope().equals(operation.scope()) || !route.get().service().equals(operation.service())) {
                disagreements.add(operation + ": routed with " + route.get().scope() + " to " + route.get().service());
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void theGatewayRoutesNothingTheContractDoesNotName() {
        assertThat(RouteTable.ROUTES.stream().map(route -> route.method() + " " + route.pattern()).toList())
                .containsExactlyInAnyOrderElementsOf(CONTRACT.stream().map(op -> op.method() + " " + op.path()).toList());
    }

    @Test
    void everyOperationOfTheContractIsDescribedWithItsScope() throws Exception {
        JsonNode paths = document().get("paths");
        List<String> disagreements = new ArrayList<>();
        for (Contracted operation : CONTRACT) {
            JsonNode described = paths.path(operation.path()).path(operation.method().toLowerCase());
            if (described.isMissingNode()) {
                disagreements.add(operation + ": not described");
            } else if (!described.path("x-slotwise-scope").asText().equals(operation.scope())
                    || !described.path("security").toString().contains("\"" + operation.scope() + "\"")) {
                disagreements.add(operation + ": described with " + described.path("x-slotwise-scope").asText()
                        + ", security " + described.path("security"));
            }
        }
        assertThat(disagreements).isEmpty();
    }
}
