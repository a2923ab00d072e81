package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code metadata} on services and staff (CONTRACT §19): stored, `{}` by default, merged key by key, limited. */
@QuarkusTest
class CatalogMetadataTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification owner() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "services.read", "services.write", "staff.read",
                "staff.write")).contentType(ContentType.JSON);
    }

    @Test
    void servicesKeepMergeAndLimitTheirMetadata() {
        String plain = owner().body("{\"name\":\"Plain\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"}}")
                .post("/api/v1/services").then().statusCode(201).body("metadata", equalTo(Map.of()))
                .extract().path("id");
        owner().get("/api/v1/services/" + plain).then().body("metadata", equalTo(Map.of()));
        String id = owner().body("""
                {"name":"Cut","durationMinutes":30,"price":{"amount":1,"currency":"EUR"},"metadata":{"sku":"C-1","pos":"7"}}""")
                .post("/api/v1/services").then().statusCode(201)
                .body("metadata", equalTo(Map.of("sku", "C-1", "pos", "7"))).extract().path("id");
        owner().contentType("application/merge-patch+json").body("{\"metadata\":{\"pos\":null,\"tax\":\"A\"}}")
                .patch("/api/v1/services/" + id).then().statusCode(200)
                .body("metadata", equalTo(Map.of("sku", "C-1", "tax", "A"))).body("name", equalTo("Cut"));
        owner().contentType("application/merge-patch+json").body("{\"metadata\":{\"bad key\":\"x\"}}")
                .patch("/api/v1/services/" + id).then().statusCode(422).body("errors.field", hasItem("metadata"));
        owner().get("/api/v1/services/" + id).then().body("metadata", equalTo(Map.of("sku", "C-1", "tax", "A")));
    }

    @Test
    void staffKeepMergeAndLimitTheirMetadata() {
        String id = owner().body("{\"name\":\"Ida\",\"metadata\":{\"payroll\":\"P-9\"}}").post("/api/v1/staff").then()
                .statusCode(201).body("metadata", equalTo(Map.of("payroll", "P-9"))).extract().path("id");
        owner().contentType("application/merge-patch+json").body("{\"metadata\":{\"desk\":\"3\"}}")
                .patch("/api/v1/staff/" + id).then().statusCode(200)
                .body("metadata", equalTo(Map.of("payroll", "P-9", "desk", "3"))).body("name", equalTo("Ida"));
        owner().body("{\"name\":\"Bad\",\"metadata\":{\"v\":\"" + "x".repeat(501) + "\"}}").post("/api/v1/staff")
                .then().statusCode(422).body("errors.field", hasItem("metadata"));
        owner().body("{\"name\":\"Plain\"}").post("/api/v1/staff").then().statusCode(201)
                .body("metadata", equalTo(Map.of()));
    }
}
