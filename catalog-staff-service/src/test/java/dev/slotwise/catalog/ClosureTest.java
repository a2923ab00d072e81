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
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** CONTRACT §15: the days a business is closed — created, listed by date, deleted; every bad value refused. */
@QuarkusTest
class ClosureTest {

    private static final String ZONE = "Pacific/Kiritimati";
    private final String tenant = Ids.next("ten");
    /** Dates relative to today in the tenant's zone (UTC+14: often a day ahead of UTC). */
    private final LocalDate today = LocalDate.now(ZoneId.of(ZONE));

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenantInZone(tenantId, ZONE, scopes))
                .contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "settings.read", "settings.write");
    }

    private String close(LocalDate date, String reason) {
        return owner().body("{\"date\":\"" + date + "\",\"reason\":" + (reason == null ? "null" : "\"" + reason + "\"")
                        + "}").post("/api/v1/closures").then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/closures/clo_[0-9a-z]{26}"))
                .body("id", matchesPattern("clo_[0-9a-z]{26}")).body("date", equalTo(date.toString()))
                .body("reason", equalTo(reason)).body("locationId", nullValue()).body("createdAt", notNullValue())
                .extract().path("id");
    }

    @Test
    void closuresAreListedByDateWithinTheDatesAskedFor() {
        String christmasEve = close(today.plusDays(40), "Christmas Eve");
        String later = close(today.plusDays(400), null);
        String sooner = close(today.plusDays(3), "Stocktaking");
        String past = close(today.minusDays(2), "Burst pipe");

        // left out: from today, for 366 days
        owner().get("/api/v1/closures").then().statusCode(200).body("nextCursor", nullValue())
                .body("data.id", contains(sooner, christmasEve));
        owner().get("/api/v1/closures?from=" + today.minusDays(2) + "&to=" + today.plusDays(3)).then()
                .statusCode(200).body("data.id", contains(past, sooner));
        // both ends are included
        owner().get("/api/v1/closures?from=" + today.plusDays(40) + "&to=" + today.plusDays(400)).then()
                .statusCode(200).body("data.id", contains(christmasEve, later));
        as(tenant, "settings.read").get("/api/v1/closures?from=" + today.plusDays(41)).then().statusCode(200)
                .body("data.id", contains(later));
        // another tenant sees none of them
        as(Ids.next("ten"), "settings.read").get("/api/v1/closures?from=" + today.minusDays(2)).then()
                .statusCode(200).body("data", hasSize(0));
    }

    @Test
    void aClosureIsDeletedOnceAndAnotherTenantsIsNotFound() {
        String id = close(today.plusDays(10), null);
        as(Ids.next("ten"), "settings.write").delete("/api/v1/closures/" + id).then().statusCode(404);
        owner().delete("/api/v1/closures/" + id).then().statusCode(204);
        owner().delete("/api/v1/closures/" + id).then().statusCode(404).body("code", equalTo("not_found"));
        owner().get("/api/v1/closures").then().statusCode(200).body("data", hasSize(0));
        owner().delete("/api/v1/closures/clo_nonsense").then().statusCode(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"date\":\"2030-02-30\"}", "{\"date\":\"24.12.2030\"}", "{\"date\":\"2030-12-24T00:00:00Z\"}",
            "{\"date\":20301224}", "{\"date\":\"\"}", "{\"date\":null}", "{}", "{\"date\":\"0000-12-24\"}"})
    void aDateThatIsNoDayIs422NamingDate(String body) {
        owner().body(body).post("/api/v1/closures").then().statusCode(422).body("code", equalTo("validation_failed"))
                .body("errors.field", contains("date"));
        owner().get("/api/v1/closures?from=0001-01-01&to=0001-12-31").then().body("data", hasSize(0));
    }

    @Test
    void otherFieldsAreCheckedToo() {
        String date = today.plusDays(5).toString();
        owner().body("{\"date\":\"" + date + "\",\"locationId\":\"loc_01jf3z9q7m2x8k4n6p0r5s1t3v\"}")
                .post("/api/v1/closures").then().statusCode(422).body("errors.field", contains("locationId"));
        owner().body("{\"date\":\"" + date + "\",\"reason\":\"" + "x".repeat(501) + "\"}")
                .post("/api/v1/closures").then().statusCode(422).body("errors.field", contains("reason"));
        owner().body("{\"date\":\"" + date + "\",\"room\":1}").post("/api/v1/closures").then().statusCode(422)
                .body("errors.field", contains("room"));
        owner().get("/api/v1/closures").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void aListOfMoreThan366DaysOrBackwardsOrOfNoDatesIs400() {
        owner().get("/api/v1/closures?from=" + today + "&to=" + today.plusDays(367)).then().statusCode(400)
                .body("code", equalTo("malformed_request")).body("detail", containsString("366"));
        owner().get("/api/v1/closures?from=" + today + "&to=" + today.plusDays(366)).then().statusCode(200);
        owner().get("/api/v1/closures?from=" + today + "&to=" + today.minusDays(1)).then().statusCode(400);
        owner().get("/api/v1/closures?from=tomorrow").then().statusCode(400).body("detail", containsString("from"));
        owner().get("/api/v1/closures?to=2030-13-01").then().statusCode(400).body("detail", containsString("to"));
    }

    @Test
    void scopesAreSettingsReadAndWrite() {
        as(tenant, "staff.write", "settings.read").body("{\"date\":\"" + today + "\"}").post("/api/v1/closures").then()
                .statusCode(403).body("detail", containsString("settings.write"));
        as(tenant, "staff.read").get("/api/v1/closures").then().statusCode(403)
                .body("detail", containsString("settings.read"));
    }
}
