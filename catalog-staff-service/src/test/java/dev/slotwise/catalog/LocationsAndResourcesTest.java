package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
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
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CONTRACT §17 on the catalog's side: locations (IANA zone, E.164 phone, merge patch), resources (type, location,
 * list filters, patch of name and active), staff {@code locationId} and services {@code requiredResourceTypes}, each
 * bad value a 422 naming its field that changes nothing, and another tenant's location never usable.
 */
@QuarkusTest
class LocationsAndResourcesTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "settings.read", "settings.write", "staff.read", "staff.write", "services.read",
                "services.write");
    }

    private String location(String tenantId, String name, String zone) {
        return as(tenantId, "settings.write").body("{\"name\":\"" + name + "\",\"timeZone\":\"" + zone + "\"}")
                .post("/api/v1/locations").then().statusCode(201).extract().path("id");
    }

    private String resource(String name, String type, String locationId) {
        return owner().body("{\"name\":\"" + name + "\",\"type\":\"" + type + "\",\"locationId\":"
                        + (locationId == null ? "null" : "\"" + locationId + "\"") + "}")
                .post("/api/v1/resources").then().statusCode(201).extract().path("id");
    }

    @Test
    void aLocationIsCreatedReadListedAndPatched() {
        String id = owner().body("""
                        {"name":"Lisbon","timeZone":"Europe/Lisbon","address":"Rua Augusta 10","phone":"+351211234567"}""")
                .post("/api/v1/locations").then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/locations/loc_[0-9a-z]{26}"))
                .body("id", matchesPattern("loc_[0-9a-z]{26}")).body("name", equalTo("Lisbon"))
                .body("timeZone", equalTo("Europe/Lisbon")).body("address", equalTo("Rua Augusta 10"))
                .body("phone", equalTo("+351211234567")).body("createdAt", notNullValue())
                .body("updatedAt", notNullValue()).extract().path("id");
        String berlin = location(tenant, "Berlin", "Europe/Berlin");

        owner().get("/api/v1/locations/" + id).then().statusCode(200).body("name", equalTo("Lisbon"));
        owner().get("/api/v1/locations").then().statusCode(200).body("data.id", contains(berlin, id))
                .body("nextCursor", nullValue());
        owner().get("/api/v1/locations?limit=1").then().statusCode(200).body("data.id", contains(berlin))
                .body("nextCursor", notNullValue());

        // a merge patch: what it names changes, null clears an optional field, the rest stays
        owner().body("{\"timeZone\":\"Atlantic/Azores\",\"phone\":null}").patch("/api/v1/locations/" + id).then()
                .statusCode(200).body("timeZone", equalTo("Atlantic/Azores")).body("phone", nullValue())
                .body("address", equalTo("Rua Augusta 10")).body("name", equalTo("Lisbon"));
        owner().body("{\"timeZone\":\"Mars/Olympus\"}").patch("/api/v1/locations/" + id).then().statusCode(422)
                .body("errors.field", contains("timeZone"));
        owner().body("{\"name\":null}").patch("/api/v1/locations/" + id).then().statusCode(422)
                .body("errors.field", contains("name"));
        owner().get("/api/v1/locations/" + id).then().body("timeZone", equalTo("Atlantic/Azores"))
                .body("name", equalTo("Lisbon"));

        // another tenant's location is not found, as a missing one
        as(Ids.next("ten"), "settings.read").get("/api/v1/locations/" + id).then().statusCode(404)
                .body("code", equalTo("not_found"));
        as(Ids.next("ten"), "settings.write").body("{\"name\":\"x\"}").patch("/api/v1/locations/" + id).then()
                .statusCode(404);
        owner().get("/api/v1/locations/loc_nonsense").then().statusCode(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "timeZone|{\"name\":\"A\",\"timeZone\":\"Europe/Nowhere\"}",
            "timeZone|{\"name\":\"A\",\"timeZone\":\"CET-1\"}",
            "timeZone|{\"name\":\"A\",\"timeZone\":\"+02:00\"}",
            "timeZone|{\"name\":\"A\"}",
            "timeZone|{\"name\":\"A\",\"timeZone\":1}",
            "name|{\"timeZone\":\"UTC\"}",
            "name|{\"name\":\"\",\"timeZone\":\"UTC\"}",
            "phone|{\"name\":\"A\",\"timeZone\":\"UTC\",\"phone\":\"0151 123\"}",
            "phone|{\"name\":\"A\",\"timeZone\":\"UTC\",\"phone\":\"+0151123\"}",
            "floor|{\"name\":\"A\",\"timeZone\":\"UTC\",\"floor\":2}"})
    void aBadLocationIs422NamingTheFieldAndCreatesNothing(String fieldAndBody) {
        String[] parts = fieldAndBody.split("\\|", 2);
        owner().body(parts[1]).post("/api/v1/locations").then().statusCode(422)
                .body("code", equalTo("validation_failed")).body("errors.field", contains(parts[0]));
        owner().get("/api/v1/locations").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void resourcesAreCreatedListedByTypeAndLocationAndDeactivated() {
        String lisbon = location(tenant, "Lisbon", "Europe/Lisbon");
        String roomA = resource("Room A", "room", lisbon);
        String laser = resource("Laser", "laser", lisbon);
        String roomB = resource("Room B", "room", null);
        owner().get("/api/v1/resources/" + roomA).then().statusCode(200).body("id", equalTo(roomA))
                .body("name", equalTo("Room A")).body("type", equalTo("room")).body("locationId", equalTo(lisbon))
                .body("active", equalTo(true)).body("createdAt", notNullValue()).body("updatedAt", notNullValue());

        owner().get("/api/v1/resources").then().statusCode(200).body("data.id", contains(roomB, laser, roomA));
        owner().get("/api/v1/resources?type=room").then().statusCode(200).body("data.id", contains(roomB, roomA));
        owner().get("/api/v1/resources?locationId=" + lisbon).then().statusCode(200)
                .body("data.id", contains(laser, roomA));
        owner().get("/api/v1/resources?type=room&locationId=" + lisbon).then().statusCode(200)
                .body("data.id", contains(roomA));
        owner().get("/api/v1/resources?type=chair").then().statusCode(200).body("data", hasSize(0));
        owner().get("/api/v1/resources?locationId=" + Ids.next("loc")).then().statusCode(200).body("data", hasSize(0));
        owner().get("/api/v1/resources?type=" + "x".repeat(51)).then().statusCode(400)
                .body("code", equalTo("malformed_request")).body("detail", containsString("type"));
        owner().get("/api/v1/resources?type=").then().statusCode(400);

        owner().body("{\"active\":false,\"name\":\"Room A (closed)\"}").patch("/api/v1/resources/" + roomA).then()
                .statusCode(200).body("active", equalTo(false)).body("name", equalTo("Room A (closed)"))
                .body("type", equalTo("room")).body("locationId", equalTo(lisbon));
        // type and location never change; active is a boolean
        owner().body("{\"type\":\"chair\"}").patch("/api/v1/resources/" + roomA).then().statusCode(422)
                .body("errors.field", contains("type"));
        owner().body("{\"locationId\":null}").patch("/api/v1/resources/" + roomA).then().statusCode(422)
                .body("errors.field", contains("locationId"));
        owner().body("{\"active\":\"yes\"}").patch("/api/v1/resources/" + roomA).then().statusCode(422)
                .body("errors.field", contains("active"));
        owner().body("{\"active\":null}").patch("/api/v1/resources/" + roomA).then().statusCode(422)
                .body("errors.field", contains("active"));
        owner().get("/api/v1/resources/" + roomA).then().body("active", equalTo(false)).body("type", equalTo("room"));

        as(Ids.next("ten"), "settings.read").get("/api/v1/resources/" + roomA).then().statusCode(404);
        as(Ids.next("ten"), "settings.read").get("/api/v1/resources").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void aResourceNeedsANameATypeOf1To50AndALocationOfTheTenant() {
        String theirs = location(Ids.next("ten"), "Elsewhere", "UTC");
        owner().body("{\"name\":\"Room\",\"type\":\"room\",\"locationId\":\"" + theirs + "\"}")
                .post("/api/v1/resources").then().statusCode(422).body("errors.field", contains("locationId"));
        owner().body("{\"name\":\"Room\",\"type\":\"\"}").post("/api/v1/resources").then().statusCode(422)
                .body("errors.field", contains("type"));
        owner().body("{\"name\":\"Room\",\"type\":\"" + "x".repeat(51) + "\"}").post("/api/v1/resources").then()
                .statusCode(422).body("errors.field", contains("type"));
        owner().body("{\"name\":\"Room\"}").post("/api/v1/resources").then().statusCode(422)
                .body("errors.field", contains("type"));
        owner().body("{\"type\":\"room\"}").post("/api/v1/resources").then().statusCode(422)
                .body("errors.field", contains("name"));
        owner().body("{\"name\":\"Room\",\"type\":\"room\",\"active\":false}").post("/api/v1/resources").then()
                .statusCode(422).body("errors.field", contains("active"));
        owner().get("/api/v1/resources").then().statusCode(200).body("data", hasSize(0));
        owner().body("{\"name\":\"Room\",\"type\":\"" + "x".repeat(50) + "\"}").post("/api/v1/resources").then()
                .statusCode(201).body("locationId", nullValue());
    }

    @Test
    void staffTakeALocationOfTheTenantOnly() {
        String lisbon = location(tenant, "Lisbon", "Europe/Lisbon");
        String theirs = location(Ids.next("ten"), "Elsewhere", "UTC");
        String mia = owner().body("{\"name\":\"Mia\",\"locationId\":\"" + lisbon + "\"}").post("/api/v1/staff").then()
                .statusCode(201).body("locationId", equalTo(lisbon)).extract().path("id");
        owner().body("{\"name\":\"Noah\"}").post("/api/v1/staff").then().statusCode(201)
                .body("locationId", nullValue());

        owner().body("{\"name\":\"Ida\",\"locationId\":\"" + theirs + "\"}").post("/api/v1/staff").then()
                .statusCode(422).body("errors.field", contains("locationId"));
        owner().body("{\"locationId\":\"" + Ids.next("loc") + "\"}").patch("/api/v1/staff/" + mia).then()
                .statusCode(422).body("errors.field", contains("locationId"));
        owner().body("{\"locationId\":\"nonsense\"}").patch("/api/v1/staff/" + mia).then().statusCode(422)
                .body("errors.field", contains("locationId"));
        owner().get("/api/v1/staff/" + mia).then().body("locationId", equalTo(lisbon));
        // the patch that keeps the location leaves it; null moves the member back to the business's time zone
        owner().body("{\"name\":\"Mia S.\"}").patch("/api/v1/staff/" + mia).then().statusCode(200)
                .body("locationId", equalTo(lisbon));
        owner().body("{\"locationId\":null}").patch("/api/v1/staff/" + mia).then().statusCode(200)
                .body("locationId", nullValue());
    }

    @Test
    void servicesRequireResourceTypesEmptyByDefault() {
        String plain = owner().body("{\"name\":\"Cut\",\"durationMinutes\":30,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}")
                .post("/api/v1/services").then().statusCode(201).body("requiredResourceTypes", hasSize(0))
                .extract().path("id");
        String facial = owner().body("""
                        {"name":"Laser facial","durationMinutes":60,"price":{"amount":9000,"currency":"EUR"},
                         "requiredResourceTypes":["room","laser","room"]}""")
                .post("/api/v1/services").then().statusCode(201)
                .body("requiredResourceTypes", contains("room", "laser")).extract().path("id");
        owner().get("/api/v1/services/" + facial).then().body("requiredResourceTypes", contains("room", "laser"));
        owner().body("{\"requiredResourceTypes\":[\"chair\"]}").patch("/api/v1/services/" + plain).then()
                .statusCode(200).body("requiredResourceTypes", contains("chair"));
        owner().body("{\"requiredResourceTypes\":null}").patch("/api/v1/services/" + facial).then().statusCode(200)
                .body("requiredResourceTypes", hasSize(0));

        for (String bad : new String[] {"[\"\"]", "[\"" + "x".repeat(51) + "\"]", "[1]", "\"room\"", "[null]"}) {
            owner().body("{\"requiredResourceTypes\":" + bad + "}").patch("/api/v1/services/" + plain).then()
                    .statusCode(422).body("errors.field[0]", containsString("requiredResourceTypes"));
        }
        owner().get("/api/v1/services/" + plain).then().body("requiredResourceTypes", contains("chair"));
    }

    @Test
    void aClosureOfALocationNamesOneOfTheTenant() {
        String lisbon = location(tenant, "Lisbon", "Europe/Lisbon");
        String date = LocalDate.now().plusDays(20).toString();
        owner().body("{\"date\":\"" + date + "\",\"locationId\":\"" + lisbon + "\"}").post("/api/v1/closures").then()
                .statusCode(201).body("locationId", equalTo(lisbon));
        owner().body("{\"date\":\"" + date + "\",\"locationId\":\"" + location(Ids.next("ten"), "X", "UTC") + "\"}")
                .post("/api/v1/closures").then().statusCode(422).body("errors.field", contains("locationId"));
        owner().get("/api/v1/closures?from=" + date + "&to=" + date).then().body("data.locationId", contains(lisbon));
    }

    @Test
    void scopesAreSettingsReadAndWrite() {
        as(tenant, "settings.read", "staff.write").body("{\"name\":\"A\",\"timeZone\":\"UTC\"}")
                .post("/api/v1/locations").then().statusCode(403).body("detail", containsString("settings.write"));
        as(tenant, "staff.read").get("/api/v1/locations").then().statusCode(403);
        as(tenant, "settings.read").body("{\"name\":\"A\",\"type\":\"room\"}").post("/api/v1/resources").then()
                .statusCode(403);
        as(tenant, "services.read").get("/api/v1/resources").then().statusCode(403)
                .body("detail", containsString("settings.read"));
        as(tenant, "settings.read").get("/api/v1/resources").then().statusCode(200);
    }
}
