package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/** CONTRACT §14: a staff member's time off, added, listed and removed. */
@QuarkusTest
class TimeOffTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "staff.read", "staff.write");
    }

    private String hire() {
        return owner().body("{\"name\":\"Mia\"}").post("/api/v1/staff").then().statusCode(201).extract().path("id");
    }

    @Test
    void timeOffIsAddedListedNewestFirstAndRemoved() {
        String mia = hire();
        String holiday = owner().body("{\"startsAt\":\"2030-07-01T00:00:00Z\",\"endsAt\":\"2030-07-15T00:00:00Z\","
                        + "\"reason\":\"holiday\"}").post("/api/v1/staff/" + mia + "/time-off")
                .then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/staff/" + mia + "/time-off/tof_[0-9a-z]{26}"))
                .body("staffId", equalTo(mia)).body("startsAt", equalTo("2030-07-01T00:00:00Z"))
                .body("endsAt", equalTo("2030-07-15T00:00:00Z")).body("reason", equalTo("holiday"))
                .extract().path("id");
        String training = owner().body("{\"startsAt\":\"2030-03-02T09:00:00Z\",\"endsAt\":\"2030-03-02T12:00:00Z\"}")
                .post("/api/v1/staff/" + mia + "/time-off").then().statusCode(201).body("reason", nullValue())
                .extract().path("id");

        owner().get("/api/v1/staff/" + mia + "/time-off").then().statusCode(200)
                .body("data.id", contains(training, holiday)).body("nextCursor", nullValue());
        owner().queryParam("limit", 1).get("/api/v1/staff/" + mia + "/time-off").then().statusCode(200)
                .body("data.id", contains(training));

        owner().delete("/api/v1/staff/" + mia + "/time-off/" + holiday).then().statusCode(204);
        owner().delete("/api/v1/staff/" + mia + "/time-off/" + holiday).then().statusCode(404);
        owner().get("/api/v1/staff/" + mia + "/time-off").then().statusCode(200).body("data.id", contains(training));
    }

    @Test
    void anEndNotAfterTheStartOrAMissingTimeIs422AndNothingIsAdded() {
        String mia = hire();
        owner().body("{\"startsAt\":\"2030-07-15T00:00:00Z\",\"endsAt\":\"2030-07-01T00:00:00Z\"}")
                .post("/api/v1/staff/" + mia + "/time-off").then().statusCode(422)
                .body("errors.field", contains("endsAt"));
        owner().body("{\"startsAt\":\"2030-07-15T00:00:00Z\",\"endsAt\":\"2030-07-15T00:00:00Z\"}")
                .post("/api/v1/staff/" + mia + "/time-off").then().statusCode(422);
        owner().body("{\"startsAt\":\"2030-07-15T00:00:00Z\"}").post("/api/v1/staff/" + mia + "/time-off")
                .then().statusCode(422).body("errors.field", contains("endsAt"));
        owner().body("{\"startsAt\":\"next week\",\"endsAt\":\"2030-07-15T00:00:00Z\"}")
                .post("/api/v1/staff/" + mia + "/time-off").then().statusCode(422)
                .body("errors.field", contains("startsAt"));
        owner().get("/api/v1/staff/" + mia + "/time-off").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void anotherMembersOrTenantsTimeOffIsNotFound() {
        String mia = hire();
        String leo = hire();
        String id = owner().body("{\"startsAt\":\"2030-07-01T00:00:00Z\",\"endsAt\":\"2030-07-02T00:00:00Z\"}")
                .post("/api/v1/staff/" + mia + "/time-off").then().statusCode(201).extract().path("id");
        owner().delete("/api/v1/staff/" + leo + "/time-off/" + id).then().statusCode(404);
        as(Ids.next("ten"), "staff.read", "staff.write").get("/api/v1/staff/" + mia + "/time-off").then()
                .statusCode(404);
        as(Ids.next("ten"), "staff.write").delete("/api/v1/staff/" + mia + "/time-off/" + id).then().statusCode(404);
        as(tenant, "staff.read").delete("/api/v1/staff/" + mia + "/time-off/" + id).then().statusCode(403);
        owner().get("/api/v1/staff/" + mia + "/time-off").then().statusCode(200).body("data.id", contains(id));
    }
}
