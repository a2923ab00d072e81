package dev.slotwise.gateway;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;

/** The operator API as a platform team's script would call it. */
final class Operator {

    private Operator() {
    }

    static RequestSpecification operator() {
        return given().auth().oauth2(GatewayTestResource.ADMIN_TOKEN).contentType(ContentType.JSON);
    }

    static String tenant(String plan) {
        return operator().body(Map.of("name", "Salon " + plan, "plan", plan, "timeZone", "Europe/Berlin"))
                .post("/admin/v1/tenants").then().statusCode(201).extract().path("id");
    }

    /** Creates a key and answers {id, key}. */
    static Map<String, String> key(String tenantId, String... scopes) {
        var body = operator().body(Map.of("name", "test key", "scopes", List.of(scopes)))
                .post("/admin/v1/tenants/" + tenantId + "/api-keys").then().statusCode(201).extract();
        return Map.of("id", body.path("id"), "key", body.path("key"));
    }
}
