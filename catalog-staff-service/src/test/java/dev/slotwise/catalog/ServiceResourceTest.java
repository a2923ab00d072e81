package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ServiceResourceTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "services.read", "services.write");
    }

    private String create(String name, int minutes) {
        return owner().body("""
                {"name":"%s","durationMinutes":%d,"price":{"amount":4500,"currency":"EUR"}}""".formatted(name, minutes))
                .post("/api/v1/services").then().statusCode(201).extract().path("id");
    }

    @Test
    void createAnswers201WithTheServiceActiveByDefault() {
        owner().body("""
                {"name":"Haircut","durationMinutes":45,"price":{"amount":4500,"currency":"EUR"}}""")
                .post("/api/v1/services")
                .then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/services/svc_[0-9a-z]{26}"))
                .body("id", matchesPattern("svc_[0-9a-z]{26}"))
                .body("name", equalTo("Haircut"))
                .body("durationMinutes", equalTo(45))
                .body("price.amount", equalTo(4500))
                .body("price.currency", equalTo("EUR"))
                .body("active", equalTo(true))
                .body("bufferBeforeMinutes", equalTo(0))
                .body("bufferAfterMinutes", equalTo(0))
                .body("createdAt", notNullValue());
    }

    @Test
    void buffersAreSetOnCreateAndPatchedLikeAnyField() {
        String id = owner().body("""
                {"name":"Colour","durationMinutes":90,"price":{"amount":9000,"currency":"EUR"},
                 "bufferBeforeMinutes":5,"bufferAfterMinutes":240}""")
                .post("/api/v1/services").then().statusCode(201)
                .body("bufferBeforeMinutes", equalTo(5)).body("bufferAfterMinutes", equalTo(240)).extract().path("id");
        owner().body("{\"bufferAfterMinutes\":10}").patch("/api/v1/services/" + id).then().statusCode(200)
                .body("bufferBeforeMinutes", equalTo(5)).body("bufferAfterMinutes", equalTo(10));
        // null in a merge patch removes the value: back to the default
        owner().body("{\"bufferBeforeMinutes\":null}").patch("/api/v1/services/" + id).then().statusCode(200)
                .body("bufferBeforeMinutes", equalTo(0)).body("bufferAfterMinutes", equalTo(10));
        owner().body("{\"bufferAfterMinutes\":241}").patch("/api/v1/services/" + id).then().statusCode(422)
                .body("errors[0].field", equalTo("bufferAfterMinutes"));
        owner().get("/api/v1/services/" + id).then().statusCode(200).body("bufferAfterMinutes", equalTo(10));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"}}                 | name",
            "{\"name\":\"x\",\"price\":{\"amount\":1,\"currency\":\"EUR\"}}                         | durationMinutes",
            "{\"name\":\"x\",\"durationMinutes\":4,\"price\":{\"amount\":1,\"currency\":\"EUR\"}}   | durationMinutes",
            "{\"name\":\"x\",\"durationMinutes\":721,\"price\":{\"amount\":1,\"currency\":\"EUR\"}} | durationMinutes",
            "{\"name\":\"x\",\"durationMinutes\":30}                                                 | price",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"XYZ\"}}  | price.currency",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":-1,\"currency\":\"EUR\"}} | price.amount",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":45.5,\"currency\":\"EUR\"}} | price.amount",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"},\"colour\":1} | colour",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"},\"bufferBeforeMinutes\":-1} | bufferBeforeMinutes",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"},\"bufferAfterMinutes\":241} | bufferAfterMinutes",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"},\"bufferAfterMinutes\":\"10\"} | bufferAfterMinutes",
            "{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"},\"bufferAfterMinutes\":2.5} | bufferAfterMinutes"})
    void anInvalidServiceIs422NamingTheField(String body, String field) {
        owner().body(body).post("/api/v1/services")
                .then().statusCode(422).contentType("application/problem+json")
                .body("code", equalTo("validation_failed"))
                .body("errors[0].field", equalTo(field));
    }

    @Test
    void patchMergesNestedPriceAndKeepsTheRest() {
        String id = create("Colour", 90);

        owner().body("{\"price\":{\"amount\":9900},\"active\":false}").patch("/api/v1/services/" + id)
                .then().statusCode(200)
                .body("price.amount", equalTo(9900))
                .body("price.currency", equalTo("EUR"))
                .body("durationMinutes", equalTo(90))
                .body("active", equalTo(false));
        owner().body("{\"durationMinutes\":1000}").patch("/api/v1/services/" + id)
                .then().statusCode(422).body("errors[0].field", equalTo("durationMinutes"));
        owner().get("/api/v1/services/" + id).then().statusCode(200).body("durationMinutes", equalTo(90));
    }

    @Test
    void listsNewestFirstWithCursors() {
        String first = create("One", 30);
        String second = create("Two", 30);
        String third = create("Three", 30);

        String cursor = owner().get("/api/v1/services?limit=2").then().statusCode(200)
                .body("data", hasSize(2)).body("data[0].id", equalTo(third)).body("data[1].id", equalTo(second))
                .extract().path("nextCursor");
        owner().queryParam("cursor", cursor).get("/api/v1/services?limit=2").then().statusCode(200)
                .body("data", hasSize(1)).body("data[0].id", equalTo(first)).body("nextCursor", nullValue());
        owner().get("/api/v1/services?limit=0").then().statusCode(400).body("code", equalTo("malformed_request"));
    }

    @Test
    void anotherTenantsServiceIsNotFoundAndScopesAreChecked() {
        String id = create("Private", 30);

        as(Ids.next("ten"), "services.read").get("/api/v1/services/" + id).then().statusCode(404);
        as(tenant, "services.read").body("{\"name\":\"x\",\"durationMinutes\":30,\"price\":{\"amount\":1,\"currency\":\"EUR\"}}")
                .post("/api/v1/services").then().statusCode(403).body("code", equalTo("insufficient_scope"))
                .body("detail", org.hamcrest.Matchers.containsString("services.write"));
        as(tenant, "staff.read").get("/api/v1/services/" + id).then().statusCode(403);
    }

    @Test
    void appointmentServiceLooksUpAServiceWithItsOwnScope() {
        String id = create("Looked up", 60);

        as(tenant, "appointments.write").get("/internal/v1/services/" + id)
                .then().statusCode(200).body("durationMinutes", equalTo(60));
        as(Ids.next("ten"), "appointments.write").get("/internal/v1/services/" + id).then().statusCode(404);
        given().get("/internal/v1/services/" + id).then().statusCode(401);
    }
}
