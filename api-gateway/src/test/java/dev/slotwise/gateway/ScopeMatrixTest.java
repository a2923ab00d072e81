package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every route of the contract (CONTRACT §5 and §8 as {@link ContractOperations} writes them out — not read from the
 * gateway's own route table, which is what is under test) × a key holding one scope only: 403 naming the route's
 * scope, except for that scope.
 */
@QuarkusTest
class ScopeMatrixTest {

    @Test
    void everyRouteNeedsExactlyItsScope() {
        String tenant = Operator.tenant("enterprise");
        Map<String, String> keys = new LinkedHashMap<>();
        for (String scope : ContractOperations.SCOPES) {
            keys.put(scope, Operator.key(tenant, scope).get("key"));
        }
        List<String> wrong = new ArrayList<>();
        for (ContractOperations.Operation route : ContractOperations.ALL) {
            for (Map.Entry<String, String> key : keys.entrySet()) {
                Response answer = given().auth().oauth2(key.getValue()).contentType("application/json")
                        .body(route.method().equals("GET") || route.method().equals("DELETE") ? "" : "{}")
                        .request(route.method(), ContractOperations.concrete(route.path()));
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
