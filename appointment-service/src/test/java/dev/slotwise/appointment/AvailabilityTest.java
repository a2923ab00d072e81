package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CONTRACT §14 {@code GET /api/v1/availability} against the real catalog-staff-service (schedules) and this
 * service's own bookings: the slot grid, working hours on the days the clocks change, time off, bookings, who
 * performs the service, and the limits of a search.
 */
@QuarkusTest
class AvailabilityTest {

    private ValidatableResponse search(Salon salon, String query) {
        return salon.desk().get("/api/v1/availability?" + query).then();
    }

    /** The slots as "startsAt staffId", in the order answered. */
    private List<String> slots(Salon salon, String query) {
        ValidatableResponse answer = search(salon, query).statusCode(200).body("nextCursor", nullValue());
        List<String> starts = answer.extract().path("data.startsAt");
        List<String> staff = answer.extract().path("data.staffId");
        return java.util.stream.IntStream.range(0, starts.size()).mapToObj(i -> starts.get(i) + " " + staff.get(i))
                .toList();
    }

    @Test
    void slotsAreTheGridStartsInsideWorkingHoursForTheWholeServiceInTheTenantsZone() {
        Salon salon = new Salon("Europe/Berlin");
        salon.hours(salon.ada, "monday 09:00-12:00");
        // 2030-03-04 is a Monday in winter: Berlin is UTC+1. Grace has no hours and is never offered.
        String day = "serviceId=" + salon.trim + "&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z";
        assertThat(slots(salon, day + "&slotMinutes=60")).containsExactly(
                "2030-03-04T08:00:00Z " + salon.ada, "2030-03-04T09:00:00Z " + salon.ada,
                "2030-03-04T10:00:00Z " + salon.ada);
        // the default grid is 15 minutes; the last 30-minute trim starts at 11:30 local and ends at noon
        List<String> quarterHours = slots(salon, day);
        assertThat(quarterHours).hasSize(11).first().isEqualTo("2030-03-04T08:00:00Z " + salon.ada);
        assertThat(quarterHours).last().isEqualTo("2030-03-04T10:30:00Z " + salon.ada);
        search(salon, day + "&slotMinutes=60").body("data[0].endsAt", equalTo("2030-03-04T08:30:00Z"));
        // a grid that does not divide the hour starts again at each full hour: 09:00, 09:25, 09:50, 10:00, ...
        assertThat(slots(salon, day + "&slotMinutes=25")).extracting(s -> s.substring(11, 16))
                .containsExactly("08:00", "08:25", "08:50", "09:00", "09:25", "09:50", "10:00", "10:25");
        // only slots that start in [from, to)
        assertThat(slots(salon, "serviceId=" + salon.trim
                + "&from=2030-03-04T08:10:00Z&to=2030-03-04T09:00:00Z&slotMinutes=30"))
                .containsExactly("2030-03-04T08:30:00Z " + salon.ada);
    }

    @Test
    void aBookingOrTimeOffIsNeverOfferedAgainAndACancellationFreesItsSlot() {
        Salon salon = new Salon("Europe/Berlin");
        salon.hours(salon.ada, "monday 09:00-12:00");
        String day = "serviceId=" + salon.haircut + "&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z&slotMinutes=30";
        assertThat(slots(salon, day)).extracting(s -> s.substring(11, 16))
                .containsExactly("08:00", "08:30", "09:00", "09:30", "10:00");

        // read your writes: the slot just booked is gone from the very next search, with those it overlaps
        String booked = salon.book(salon.ada, salon.trim, "2030-03-04T09:00:00Z");
        assertThat(slots(salon, day)).extracting(s -> s.substring(11, 16)).containsExactly("08:00", "09:30", "10:00");

        String holiday = salon.timeOff(salon.ada, "2030-03-04T10:00:00Z", "2030-03-04T10:15:00Z");
        assertThat(slots(salon, day)).extracting(s -> s.substring(11, 16)).containsExactly("08:00");

        salon.desk().post("/api/v1/appointments/" + booked + "/cancel").then().statusCode(200);
        salon.manager().delete("/api/v1/staff/" + salon.ada + "/time-off/" + holiday).then().statusCode(204);
        assertThat(slots(salon, day)).hasSize(5);
    }

    @Test
    void onlyStaffWhoPerformTheServiceAreOfferedOrderedByStartThenStaff() {
        Salon salon = new Salon();
        salon.hours(salon.ada, "monday 09:00-10:00");
        salon.hours(salon.grace, "monday 09:00-10:00");
        String trims = "serviceId=" + salon.trim + "&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z&slotMinutes=30";
        String first = salon.ada.compareTo(salon.grace) < 0 ? salon.ada : salon.grace;
        String second = first.equals(salon.ada) ? salon.grace : salon.ada;
        assertThat(slots(salon, trims)).containsExactly(
                "2030-03-04T09:00:00Z " + first, "2030-03-04T09:00:00Z " + second,
                "2030-03-04T09:30:00Z " + first, "2030-03-04T09:30:00Z " + second);
        assertThat(slots(salon, trims + "&staffId=" + salon.grace)).containsExactly(
                "2030-03-04T09:00:00Z " + salon.grace, "2030-03-04T09:30:00Z " + salon.grace);

        salon.performs(salon.grace, salon.haircut);
        assertThat(slots(salon, trims)).containsExactly(
                "2030-03-04T09:00:00Z " + salon.ada, "2030-03-04T09:30:00Z " + salon.ada);
        assertThat(slots(salon, trims + "&staffId=" + salon.grace)).isEmpty();
        // an empty list means every service again
        salon.performs(salon.grace);
        assertThat(slots(salon, trims)).hasSize(4);
    }

    @Test
    void workingHoursFollowTheWallClockAcrossBerlinsClockChanges() {
        Salon salon = new Salon("Europe/Berlin");
        salon.hours(salon.ada, "saturday 09:00-10:00", "sunday 01:00-04:00", "monday 09:00-10:00");
        // 2030-03-31: at 02:00 the clocks go forward to 03:00 (UTC+1 -> UTC+2): 01:00-04:00 is two hours of work
        assertThat(slots(salon, "serviceId=" + salon.haircut
                + "&from=2030-03-30T00:00:00Z&to=2030-04-02T00:00:00Z&slotMinutes=60")).extracting(s -> s.substring(0, 20))
                .containsExactly("2030-03-30T08:00:00Z", "2030-03-31T00:00:00Z", "2030-03-31T01:00:00Z",
                        "2030-04-01T07:00:00Z");
        // 2030-10-27: at 03:00 the clocks go back to 02:00 (UTC+2 -> UTC+1): 01:00-04:00 is four hours of work
        assertThat(slots(salon, "serviceId=" + salon.haircut
                + "&from=2030-10-26T00:00:00Z&to=2030-10-29T00:00:00Z&slotMinutes=60")).extracting(s -> s.substring(0, 20))
                .containsExactly("2030-10-26T07:00:00Z", "2030-10-26T23:00:00Z", "2030-10-27T00:00:00Z",
                        "2030-10-27T01:00:00Z", "2030-10-27T02:00:00Z", "2030-10-28T08:00:00Z");
    }

    @Test
    void workingHoursFollowTheWallClockAcrossNewYorksClockChanges() {
        Salon salon = new Salon("America/New_York");
        salon.hours(salon.ada, "sunday 00:00-04:00", "monday 09:00-17:00");
        // 2030-03-10: 02:00 EST becomes 03:00 EDT, so Sunday has three hours and Monday starts at 13:00Z
        assertThat(slots(salon, "serviceId=" + salon.haircut
                + "&from=2030-03-10T00:00:00Z&to=2030-03-11T14:00:00Z&slotMinutes=60")).extracting(s -> s.substring(0, 20))
                .containsExactly("2030-03-10T05:00:00Z", "2030-03-10T06:00:00Z", "2030-03-10T07:00:00Z",
                        "2030-03-11T13:00:00Z");
        // 2030-11-03: 02:00 EDT becomes 01:00 EST, so 01:00-02:00 happens twice and Sunday has five hours
        assertThat(slots(salon, "serviceId=" + salon.haircut
                + "&from=2030-11-03T00:00:00Z&to=2030-11-04T15:00:00Z&slotMinutes=60")).extracting(s -> s.substring(0, 20))
                .containsExactly("2030-11-03T04:00:00Z", "2030-11-03T05:00:00Z", "2030-11-03T06:00:00Z",
                        "2030-11-03T07:00:00Z", "2030-11-03T08:00:00Z", "2030-11-04T14:00:00Z");
    }

    @Test
    void rangesThatTouchMakeOneStretchOfWorkAndAServiceMaySpanThem() {
        Salon salon = new Salon();
        salon.hours(salon.ada, "monday 09:00-09:30", "monday 09:30-10:00", "sunday 23:30-24:00", "monday 00:00-00:30");
        assertThat(slots(salon, "serviceId=" + salon.haircut
                + "&from=2030-03-03T00:00:00Z&to=2030-03-05T00:00:00Z&slotMinutes=30")).extracting(s -> s.substring(0, 20))
                .containsExactly("2030-03-03T23:30:00Z", "2030-03-04T09:00:00Z");
    }

    @Test
    void thirtyOneDaysAtMost() {
        Salon salon = new Salon();
        salon.hours(salon.ada, "monday 09:00-10:00");
        assertThat(slots(salon, "serviceId=" + salon.haircut + "&from=2030-03-01T00:00:00Z&to=2030-04-01T00:00:00Z"))
                .extracting(s -> s.substring(0, 10))
                .containsExactly("2030-03-04", "2030-03-11", "2030-03-18", "2030-03-25");
        search(salon, "serviceId=" + salon.haircut + "&from=2030-03-01T00:00:00Z&to=2030-04-01T00:00:01Z")
                .statusCode(400).body("code", equalTo("malformed_request"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z",
            "serviceId=SVC&to=2030-03-05T00:00:00Z",
            "serviceId=SVC&from=2030-03-04T00:00:00Z",
            "serviceId=SVC&from=monday&to=2030-03-05T00:00:00Z",
            "serviceId=SVC&from=2030-03-05T00:00:00Z&to=2030-03-04T00:00:00Z",
            "serviceId=SVC&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z&slotMinutes=4",
            "serviceId=SVC&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z&slotMinutes=61",
            "serviceId=SVC&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z&slotMinutes=15.5",
    })
    void unreadableQuestionsAre400(String query) {
        Salon salon = new Salon();
        search(salon, query.replace("SVC", salon.haircut)).statusCode(400).body("code", equalTo("malformed_request"));
    }

    @Test
    void aServiceOrStaffMemberTheBusinessDoesNotHaveIs422() {
        Salon salon = new Salon();
        Salon other = new Salon();
        String window = "&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z";
        search(salon, "serviceId=" + other.haircut + window).statusCode(422)
                .body("code", equalTo("validation_failed")).body("errors.field", contains("serviceId"));
        search(salon, "serviceId=nonsense" + window).statusCode(422).body("errors.field", contains("serviceId"));
        search(salon, "serviceId=" + salon.haircut + window + "&staffId=" + other.ada).statusCode(422)
                .body("errors.field", contains("staffId"));
        search(salon, "serviceId=" + salon.haircut + window + "&staffId=stf_x").statusCode(422)
                .body("errors.field", contains("staffId"));
        salon.manager().body("{\"active\":false}").patch("/api/v1/services/" + salon.haircut).then().statusCode(200);
        search(salon, "serviceId=" + salon.haircut + window).statusCode(422).body("errors.field", contains("serviceId"));
    }

    @Test
    void theSearchNeedsTheAppointmentsReadScope() {
        Salon salon = new Salon();
        io.restassured.RestAssured.given()
                .auth().oauth2(dev.slotwise.testing.InternalTokens.forTenant(salon.tenant, "appointments.write"))
                .get("/api/v1/availability?serviceId=" + salon.haircut + "&from=2030-03-04T00:00:00Z&to=2030-03-05T00:00:00Z")
                .then().statusCode(403);
    }
}
