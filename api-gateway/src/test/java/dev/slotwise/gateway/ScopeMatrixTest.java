package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.proxy.Route;
import dev.slotwise.gateway.proxy.RouteTable;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every route of the contract × a key holding one scope only: 403 naming the route's scope, except for that scope. */
@QuarkusTest
class ScopeMatrixTest {

    @Test
    void everyRouteNeedsExactlyItsScope() {
        String tenant = Operator.tenant("enterprise");
        Map<String, String> keys = new LinkedHashMap<>();
        for (String scope : Scopes.ALL) {
            keys.put(scope, Operator.key(tenant, scope).get("key"));
        }
        List<String> wrong = new ArrayList<>();
        for (Route route : RouteTable.ROUTES) {
            String path = route.pattern().replace("{id}", "x_1").replace("**", "we_1/deliveries");
            for (Map.Entry<String, String> key : keys.entrySet()) {
                Response answer = given().auth().oauth2(key.getValue()).contentType("application/json")
                        .body(route.method().equals("GET") || route.method().equals("DELETE") ? "" : "{}")
                        .request(route.method(), path);
                boolean mayPass = key.getKey().equals(route.scope());
                int status = answer.statusCode();
                if (mayPass ? status == 403 : status != 403
                        || !answer.header("WWW-Authenticate").contains("scope=\"" + route.scope() + "\"")) {
                    wrong.add(route.method() + " " + path + " with " + key.getKey() + " → " + status);
                }
            }
        }
        assertThat(wrong).isEmpty();
    }
}
