package dev.slotwise.gateway.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.slotwise.gateway.ContractOperations;
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

    @Test
    void everyOperationOfTheContractIsRoutedWithItsScopeToItsOwner() {
        List<String> disagreements = new ArrayList<>();
        for (ContractOperations.Operation operation : ContractOperations.ALL) {
            Optional<Route> route = RouteTable.match(operation.method(), ContractOperations.concrete(operation.path())).route();
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
                .containsExactlyInAnyOrderElementsOf(ContractOperations.ALL.stream().map(op -> op.method() + " " + op.path()).toList());
    }

    @Test
    void everyOperationOfTheContractIsDescribedWithItsScope() throws Exception {
        JsonNode paths = document().get("paths");
        List<String> disagreements = new ArrayList<>();
        for (ContractOperations.Operation operation : ContractOperations.ALL) {
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
