package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ProductResourceTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification shop() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "inventory.read", "inventory.write"))
                .contentType(ContentType.JSON);
    }

    private String create(int stock, int threshold) {
        return shop().body("""
                {"name":"Shampoo","sku":"SH-1","stockQuantity":%d,"lowStockThreshold":%d,"price":{"amount":1299,"currency":"EUR"}}"""
                .formatted(stock, threshold))
                .post("/api/v1/products").then().statusCode(201).extract().path("id");
    }

    @Test
    void createReadAndList() {
        String id = shop().body("{\"name\":\"Wax\",\"price\":{\"amount\":800,\"currency\":\"EUR\"}}").post("/api/v1/products")
                .then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/products/prd_[0-9a-z]{26}"))
                .body("sku", nullValue())
                .body("stockQuantity", equalTo(0))
                .body("lowStockThreshold", equalTo(0))
                .body("price.amount", equalTo(800))
                .extract().path("id");
        shop().get("/api/v1/products/" + id).then().statusCode(200).body("name", equalTo("Wax"));
        shop().get("/api/v1/products").then().statusCode(200).body("data[0].id", equalTo(id));
        given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "inventory.read")).get("/api/v1/products/" + id)
                .then().statusCode(404);
        given().auth().oauth2(InternalTokens.forTenant(tenant, "transactions.write")).get("/internal/v1/products/" + id)
                .then().statusCode(200).body("price.amount", equalTo(800));
    }

    @Test
    void invalidProductsAre422() {
        shop().body("{\"name\":\"x\"}").post("/api/v1/products").then().statusCode(422)
                .body("errors[0].field", equalTo("price"));
        shop().body("{\"name\":\"x\",\"stockQuantity\":-1,\"price\":{\"amount\":1,\"currency\":\"EUR\"}}")
                .post("/api/v1/products").then().statusCode(422).body("errors[0].field", equalTo("stockQuantity"));
    }

    @Test
    void aPatchChangesAllButTheStockLevelWhenItsIfMatchStillMatches() {
        String id = create(10, 2);
        String etag = shop().get("/api/v1/products/" + id).then().statusCode(200).extract().header("ETag");
        shop().body("{\"stockQuantity\":99}").patch("/api/v1/products/" + id).then().statusCode(422)
                .body("errors[0].field", equalTo("stockQuantity"));
        shop().body("{\"price\":{\"amount\":-1}}").patch("/api/v1/products/" + id).then().statusCode(422)
                .body("errors[0].field", equalTo("price.amount"));
        String changed = shop().header("If-Match", etag)
                .body("{\"name\":\"Shampoo XL\",\"sku\":null,\"lowStockThreshold\":5,\"price\":{\"amount\":1499}}")
                .patch("/api/v1/products/" + id).then().statusCode(200)
                .body("name", equalTo("Shampoo XL")).body("sku", nullValue()).body("lowStockThreshold", equalTo(5))
                .body("price.amount", equalTo(1499)).body("price.currency", equalTo("EUR"))
                .body("stockQuantity", equalTo(10)).extract().header("ETag");
        // a stock move changes the representation, so the tag read before it no longer matches
        shop().body("{\"delta\":-1,\"reason\":\"broken\"}").post("/api/v1/products/" + id + "/stock-adjustments")
                .then().statusCode(200);
        shop().header("If-Match", changed).body("{\"name\":\"Conditioner\"}").patch("/api/v1/products/" + id)
                .then().statusCode(412).body("code", equalTo("precondition_failed"));
        shop().get("/api/v1/products/" + id).then().body("name", equalTo("Shampoo XL"));
    }

    @Test
    void adjustmentsMoveStockButNotBelowZero() {
        String id = create(10, 2);

        shop().body("{\"delta\":5,\"reason\":\"delivery\"}").post("/api/v1/products/" + id + "/stock-adjustments")
                .then().statusCode(200).body("stockQuantity", equalTo(15));
        shop().body("{\"delta\":-16}").post("/api/v1/products/" + id + "/stock-adjustments")
                .then().statusCode(422).body("errors[0].field", equalTo("delta"));
        shop().body("{\"reason\":\"no delta\"}").post("/api/v1/products/" + id + "/stock-adjustments")
                .then().statusCode(422).body("errors[0].field", equalTo("delta"));
        shop().body("{\"delta\":1.5}").post("/api/v1/products/" + id + "/stock-adjustments")
                .then().statusCode(422).body("errors[0].field", equalTo("delta"));
        shop().get("/api/v1/products/" + id).then().body("stockQuantity", equalTo(15));
        given().auth().oauth2(InternalTokens.forTenant(tenant, "inventory.read")).contentType(ContentType.JSON)
                .body("{\"delta\":1}").post("/api/v1/products/" + id + "/stock-adjustments")
                .then().statusCode(403);
    }
}
