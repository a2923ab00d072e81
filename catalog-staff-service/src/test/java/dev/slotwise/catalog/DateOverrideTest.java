package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** CONTRACT §15: a staff member's hours on one date, replacing that weekday's weekly hours. */
@QuarkusTest
class DateOverrideTest {

    private final String tenant = Ids.next("ten");
    private final LocalDate today = LocalDate.now(ZoneOffset.UTC);

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "staff.read", "staff.write");
    }

    private String hire() {
        return owner().body("{\"name\":\"Mia\"}").post("/api/v1/staff").then().statusCode(201).extract().path("id");
    }

    private String path(String staff, LocalDate date) {
        return "/api/v1/staff/" + staff + "/date-overrides/" + date;
    }

    @Test
    void anOverrideIsSetReplacedListedAndRemoved() {
        String mia = hire();
        LocalDate saturday = today.plusDays(20);
        owner().body("{\"ranges\":[{\"start\":\"14:00\",\"end\":\"18:00\"},{\"start\":\"10:00\",\"end\":\"12:00\"}]}")
                .put(path(mia, saturday)).then().statusCode(200).body("date", equalTo(saturday.toString()))
                .body("ranges.start", contains("10:00", "14:00")).body("ranges.end", contains("12:00", "18:00"));
        LocalDate dayOff = today.plusDays(3);
        owner().body("{\"ranges\":[]}").put(path(mia, dayOff)).then().statusCode(200).body("ranges", hasSize(0));

        owner().get("/api/v1/staff/" + mia + "/date-overrides").then().statusCode(200)
                .body("nextCursor", nullValue())
                .body("data.date", contains(dayOff.toString(), saturday.toString()))
                .body("data[0].ranges", hasSize(0)).body("data[1].ranges", hasSize(2));
        owner().get("/api/v1/staff/" + mia + "/date-overrides?from=" + today.plusDays(4) + "&to=" + saturday).then()
                .statusCode(200).body("data.date", contains(saturday.toString()));

        // replaced whole
        owner().body("{\"ranges\":[{\"start\":\"00:00\",\"end\":\"24:00\"}]}").put(path(mia, saturday)).then()
                .statusCode(200).body("ranges", hasSize(1));
        owner().delete(path(mia, saturday)).then().statusCode(204);
        owner().delete(path(mia, saturday)).then().statusCode(404);
        as(tenant, "staff.read").get("/api/v1/staff/" + mia + "/date-overrides").then().statusCode(200)
                .body("data.date", contains(dayOff.toString()));
    }

    @Test
    void anotherTenantsOrAnUnknownStaffMemberIsNotFound() {
        String mia = hire();
        String stranger = Ids.next("ten");
        as(stranger, "staff.write").body("{\"ranges\":[]}").put(path(mia, today)).then().statusCode(404);
        as(stranger, "staff.read").get("/api/v1/staff/" + mia + "/date-overrides").then().statusCode(404);
        owner().body("{\"ranges\":[]}").put(path(mia, today)).then().statusCode(200);
        as(stranger, "staff.write").delete(path(mia, today)).then().statusCode(404);
        owner().get("/api/v1/staff/" + mia + "/date-overrides").then().body("data", hasSize(1));
        owner().body("{\"ranges\":[]}").put(path(Ids.next("stf"), today)).then().statusCode(404);
        owner().body("{\"ranges\":[]}").put(path("stf_nonsense", today)).then().statusCode(404);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"start\":\"9:00\",\"end\":\"12:00\"}                                       | ranges[0].start",
            "{\"start\":\"09:00\",\"end\":\"24:01\"}                                      | ranges[0].end",
            "{\"start\":\"12:00\",\"end\":\"09:00\"}                                      | ranges[0].end",
            "{\"start\":\"09:00\",\"end\":\"12:00\"},{\"start\":\"11:00\",\"end\":\"13:00\"} | ranges[1]",
            "{\"start\":\"09:00\"}                                                      | ranges[0].end",
            "{\"start\":\"09:00\",\"end\":\"12:00\",\"day\":\"monday\"}                    | ranges[0].day",
            "null                                                                     | ranges[0]"})
    void aWrongRangeIs422NamingIt(String ranges, String field) {
        String mia = hire();
        owner().body("{\"ranges\":[" + ranges + "]}").put(path(mia, today)).then().statusCode(422)
                .body("code", equalTo("validation_failed")).body("errors.field", contains(field));
        owner().get("/api/v1/staff/" + mia + "/date-overrides?from=" + today).then().body("data", hasSize(0));
    }

    @Test
    void atMostTenRangesAndRangesAreRequired() {
        String mia = hire();
        StringBuilder eleven = new StringBuilder();
        for (int hour = 0; hour < 11; hour++) {
            eleven.append(hour == 0 ? "" : ",").append("{\"start\":\"%02d:00\",\"end\":\"%02d:30\"}".formatted(hour, hour));
        }
        owner().body("{\"ranges\":[" + eleven + "]}").put(path(mia, today)).then().statusCode(422)
                .body("errors.field", contains("ranges"));
        owner().body("{}").put(path(mia, today)).then().statusCode(422).body("errors.field", contains("ranges"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2030-02-30", "tomorrow", "20301224", "2030-1-5"})
    void aPathThatIsNoDateIs400(String date) {
        String mia = hire();
        owner().body("{\"ranges\":[]}").put("/api/v1/staff/" + mia + "/date-overrides/" + date).then()
                .statusCode(400).body("code", equalTo("malformed_request"));
        owner().delete("/api/v1/staff/" + mia + "/date-overrides/" + date).then().statusCode(400);
    }
}
