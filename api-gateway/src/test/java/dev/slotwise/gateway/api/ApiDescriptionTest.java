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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §12: the description is served (YAML, JSON, ETag, 304, docs); the gateway routes exactly what it
 * describes (the table is derived from it), and each operation's {@code security} names the scope it is routed with.
 */
@QuarkusTest
class ApiDescriptionTest {

    private static final List<String> METHODS = List.of("get", "post", "patch", "put", "delete");

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
    void everyDocumentedOperationIsRoutedWithItsScopeAndService() throws Exception {
        List<String> disagreements = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document().get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            if (!path.getKey().startsWith("/api/")) {
                continue;
            }
            String concrete = path.getKey().replace("{id}", "x_1").replace("{deliveryId}", "0b9f4c1e-0000-4000-8000-000000000000");
            String service = path.getValue().path("x-slotwise-service").asText();
            for (String method : METHODS) {
                JsonNode operation = path.getValue().get(method);
                if (operation == null) {
                    continue;
                }
                Optional<Route> route = RouteTable.match(method.toUpperCase(), concrete).route();
                String scope = operation.path("x-slotwise-scope").asText();
                if (route.isEmpty()) {
                    disagreements.add(method + " " + path.getKey() + ": documented, not routed");
                } else if (!route.get().scope().equals(scope) || !route.get().service().equals(service)) {
                    disagreements.add(method + " " + path.getKey() + ": documented " + scope + " at " + service
                            + ", routed " + route.get().scope() + " at " + route.get().service());
                }
                if (!operation.path("security").toString().contains("\"" + scope + "\"")) {
                    disagreements.add(method + " " + path.getKey() + ": security does not name " + scope);
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void everyRouteIsDocumented() throws Exception {
        JsonNode paths = document().get("paths");
        List<String> missing = new ArrayList<>();
        for (Route route : RouteTable.ROUTES) {
            String method = route.method().toLowerCase();
            boolean documented;
            if (route.pattern().endsWith("/**")) {
                String prefix = route.pattern().substring(0, route.pattern().length() - 2);
                documented = false;
                for (Iterator<String> names = paths.fieldNames(); names.hasNext(); ) {
                    String name = names.next();
                    documented |= name.startsWith(prefix) && paths.get(name).has(method);
                }
            } else {
                documented = paths.has(route.pattern()) && paths.get(route.pattern()).has(method);
            }
            if (!documented) {
                missing.add(route.method() + " " + route.pattern());
            }
        }
        assertThat(missing).isEmpty();
    }
}
