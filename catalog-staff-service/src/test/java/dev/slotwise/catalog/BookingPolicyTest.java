package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** CONTRACT §15: the tenant's booking policy, its defaults, its ranges (422 naming the field) and its scopes. */
@QuarkusTest
class BookingPolicyTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "settings.read", "settings.write");
    }

    private static ValidatableResponse isPolicy(ValidatableResponse answer, Integer notice, Integer advance,
            Integer window, Integer daily, String text) {
        return answer.body("minNoticeMinutes", equalTo(notice)).body("maxAdvanceDays", equalTo(advance))
                .body("cancellationWindowMinutes", equalTo(window))
                .body("maxAppointmentsPerStaffPerDay", equalTo(daily)).body("policyText", equalTo(text));
    }

    @Test
    void aTenantWithoutAPolicyHasTheDefaults() {
        isPolicy(as(tenant, "settings.read").get("/api/v1/booking-policy").then().statusCode(200), 0, null, 0, null,
                null);
    }

    @Test
    void putReplacesTheWholePolicyAndLeftOutOrNullFieldsTakeTheirDefaults() {
        isPolicy(owner().body("""
                {"minNoticeMinutes":60,"maxAdvanceDays":90,"cancellationWindowMinutes":1440,
                 "maxAppointmentsPerStaffPerDay":8,"policyText":"Cancel a day ahead, please."}""")
                .put("/api/v1/booking-policy").then().statusCode(200), 60, 90, 1440, 8, "Cancel a day ahead, please.");
        isPolicy(owner().get("/api/v1/booking-policy").then().statusCode(200), 60, 90, 1440, 8,
                "Cancel a day ahead, please.");

        isPolicy(owner().body("{\"cancellationWindowMinutes\":30}").put("/api/v1/booking-policy").then()
                .statusCode(200), 0, null, 30, null, null);
        isPolicy(owner().body("{}").put("/api/v1/booking-policy").then().statusCode(200), 0, null, 0, null, null);
        // null is no value: the default
        isPolicy(owner().body("{\"minNoticeMinutes\":null,\"cancellationWindowMinutes\":null,\"policyText\":null}")
                .put("/api/v1/booking-policy").then().statusCode(200), 0, null, 0, null, null);
        // the limits themselves are allowed
        isPolicy(owner().body("""
                {"minNoticeMinutes":43200,"maxAdvanceDays":730,"cancellationWindowMinutes":0,
                 "maxAppointmentsPerStaffPerDay":1,"policyText":null}""")
                .put("/api/v1/booking-policy").then().statusCode(200), 43200, 730, 0, 1, null);
        // another tenant's policy is its own
        isPolicy(as(Ids.next("ten"), "settings.read").get("/api/v1/booking-policy").then().statusCode(200), 0, null,
                0, null, null);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"minNoticeMinutes\":-1}                     | minNoticeMinutes",
            "{\"minNoticeMinutes\":43201}                  | minNoticeMinutes",
            "{\"minNoticeMinutes\":\"60\"}                 | minNoticeMinutes",
            "{\"minNoticeMinutes\":60.5}                   | minNoticeMinutes",
            "{\"maxAdvanceDays\":0}                        | maxAdvanceDays",
            "{\"maxAdvanceDays\":731}                      | maxAdvanceDays",
            "{\"cancellationWindowMinutes\":-5}            | cancellationWindowMinutes",
            "{\"cancellationWindowMinutes\":43201}         | cancellationWindowMinutes",
            "{\"maxAppointmentsPerStaffPerDay\":0}         | maxAppointmentsPerStaffPerDay",
            "{\"maxAppointmentsPerStaffPerDay\":101}       | maxAppointmentsPerStaffPerDay",
            "{\"maxAppointmentsPerStaffPerDay\":true}      | maxAppointmentsPerStaffPerDay",
            "{\"policyText\":42}                           | policyText",
            "{\"minNotice\":60}                            | minNotice"})
    void aValueOutOfItsRangeIs422NamingTheFieldAndChangesNothing(String body, String field) {
        owner().body("{\"minNoticeMinutes\":15}").put("/api/v1/booking-policy").then().statusCode(200);
        owner().body(body).put("/api/v1/booking-policy").then().statusCode(422)
                .contentType("application/problem+json").body("code", equalTo("validation_failed"))
                .body("errors.field", contains(field));
        owner().get("/api/v1/booking-policy").then().statusCode(200).body("minNoticeMinutes", equalTo(15));
    }

    @Test
    void policyTextIsAtMost2000Characters() {
        owner().body("{\"policyText\":\"" + "x".repeat(2000) + "\"}").put("/api/v1/booking-policy").then()
                .statusCode(200);
        owner().body("{\"policyText\":\"" + "x".repeat(2001) + "\"}").put("/api/v1/booking-policy").then()
                .statusCode(422).body("errors.field", contains("policyText"));
    }

    @Test
    void readingNeedsSettingsReadAndChangingSettingsWrite() {
        as(tenant, "staff.read", "services.read").get("/api/v1/booking-policy").then().statusCode(403)
                .body("code", equalTo("insufficient_scope")).body("detail", containsString("settings.read"));
        as(tenant, "settings.read").body("{}").put("/api/v1/booking-policy").then().statusCode(403)
                .body("detail", containsString("settings.write"));
        owner().body("[]").put("/api/v1/booking-policy").then().statusCode(400)
                .body("code", equalTo("malformed_request"));
        given().get("/api/v1/booking-policy").then().statusCode(401);
        owner().get("/api/v1/booking-policy").then().statusCode(200).body("policyText", nullValue());
    }
}
