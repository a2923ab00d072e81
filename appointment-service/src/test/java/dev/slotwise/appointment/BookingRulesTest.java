package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §15 against the real catalog-staff-service (policy, closures, overrides, buffers) and this service's
 * database: the booking window, buffers, closures, date overrides, cancellation with a reason and its window,
 * {@code changedBy}, no-shows, and explain naming every reason.
 */
@QuarkusTest
class BookingRulesTest {

    private static ValidatableResponse post(Salon salon, String body) {
        return salon.desk().body(body).post("/api/v1/appointments").then();
    }

    private static void refused(Salon salon, String body, String code) {
        post(salon, body).statusCode(409).contentType("application/problem+json").body("code", equalTo(code));
    }

    private static ValidatableResponse explain(Salon salon, String service, String staff, String startsAt) {
        return salon.desk().queryParam("serviceId", service).queryParam("staffId", staff)
                .queryParam("startsAt", startsAt).get("/api/v1/availability/explain").then();
    }

    private static List<String> slots(Salon salon, String query) {
        return salon.desk().get("/api/v1/availability?" + query).then().statusCode(200).extract().path("data.startsAt");
    }

    private static String in(Duration fromNow) {
        return Instant.now().plus(fromNow).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    @Test
    void theBookingWindowRefusesTooSoonTooLateAndThePastAndTheSearchOffersOnlyInsideIt() {
        Salon salon = new Salon();
        // without a policy, a start a little in the past is still a walk-in; more than a minute back never is
        salon.book(salon.grace, salon.trim, in(Duration.ofSeconds(-20)));
        refused(salon, salon.booking(salon.ada, salon.trim, in(Duration.ofMinutes(-2))), "outside_booking_window");
        refused(salon, salon.booking(salon.ada, salon.trim, "2020-01-01T09:00:00Z"), "outside_booking_window");

        salon.policy("{\"minNoticeMinutes\":60,\"maxAdvanceDays\":2}");
        refused(salon, salon.booking(salon.ada, salon.trim, in(Duration.ofMinutes(30))), "outside_booking_window");
        refused(salon, salon.booking(salon.ada, salon.trim, in(Duration.ofDays(2).plusMinutes(5))),
                "outside_booking_window");
        String id = salon.book(salon.grace, salon.trim, in(Duration.ofMinutes(90)));
        salon.book(salon.grace, salon.trim, in(Duration.ofDays(2).minusMinutes(5)));
        // a reschedule is held to the same window
        salon.desk().body("{\"startsAt\":\"" + in(Duration.ofMinutes(20)) + "\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(409).body("code", equalTo("outside_booking_window"));
        explain(salon, salon.trim, salon.ada, in(Duration.ofMinutes(20))).statusCode(200)
                .body("available", equalTo(false)).body("reasons.code", contains("outside_booking_window"));

        // the search offers nothing before now + 60 minutes nor after now + 2 days
        salon.hours(salon.ada, "monday 00:00-24:00", "tuesday 00:00-24:00", "wednesday 00:00-24:00",
                "thursday 00:00-24:00", "friday 00:00-24:00", "saturday 00:00-24:00", "sunday 00:00-24:00");
        Instant asked = Instant.now();
        List<String> offered = slots(salon, "serviceId=" + salon.trim + "&staffId=" + salon.ada + "&from="
                + asked.minus(Duration.ofDays(1)).truncatedTo(ChronoUnit.HOURS) + "&to="
                + asked.plus(Duration.ofDays(4)).truncatedTo(ChronoUnit.HOURS));
        assertThat(offered).isNotEmpty();
        assertThat(Instant.parse(offered.get(0))).isAfterOrEqualTo(asked.plus(Duration.ofMinutes(60)))
                .isBefore(asked.plus(Duration.ofMinutes(76)));
        assertThat(Instant.parse(offered.get(offered.size() - 1))).isBeforeOrEqualTo(
                Instant.now().plus(Duration.ofDays(2))).isAfter(asked.plus(Duration.ofDays(2)).minusSeconds(16 * 60));
    }

    @Test
    void buffersKeepAppointmentsApartButWorkingHoursHoldOnlyTheAppointment() {
        Salon salon = new Salon();
        String colour = salon.service("Colour", 60, 0, 10);
        String consult = salon.service("Consultation", 30, 15, 0);
        salon.hours(salon.ada, "monday 09:00-12:00");
        // 2030-03-11 is a Monday: the colour may end at noon, its 10 minutes after are outside the hours
        post(salon, salon.booking(salon.ada, colour, "2030-03-11T11:00:00Z")).statusCode(201)
                .body("bufferBeforeMinutes", equalTo(0)).body("bufferAfterMinutes", equalTo(10));
        String first = salon.book(salon.ada, colour, "2030-03-04T09:00:00Z");
        salon.desk().get("/api/v1/appointments/" + first).then().body("endsAt", equalTo("2030-03-04T10:00:00Z"))
                .body("bufferAfterMinutes", equalTo(10)).body("cancellation", nullValue());

        // the colour occupies 09:00-10:10: a trim at 10:00 is in its buffer, at 10:10 it is not
        refused(salon, salon.booking(salon.ada, salon.trim, "2030-03-04T10:00:00Z"), "appointment_conflict");
        explain(salon, salon.trim, salon.ada, "2030-03-04T10:00:00Z").statusCode(200).body("available", equalTo(false))
                .body("reasons.code", contains("booked")).body("reasons[0].appointmentId", equalTo(first));
        String trim = salon.book(salon.ada, salon.trim, "2030-03-04T10:10:00Z");
        // the consultation needs 15 minutes before it: after the trim (ends 10:40) it may start at 10:55, not 10:45
        refused(salon, salon.booking(salon.ada, consult, "2030-03-04T10:45:00Z"), "appointment_conflict");
        // the search treats a slot the same way: from 10:55 to the last that ends by noon
        assertThat(slots(salon, "serviceId=" + consult + "&staffId=" + salon.ada
                + "&from=2030-03-04T09:00:00Z&to=2030-03-04T12:00:00Z&slotMinutes=5")).hasSize(8)
                .startsWith("2030-03-04T10:55:00Z").endsWith("2030-03-04T11:30:00Z");

        // an appointment keeps the buffers it was booked with
        salon.manager().body("{\"bufferAfterMinutes\":30}").patch("/api/v1/services/" + colour).then().statusCode(200);
        salon.desk().get("/api/v1/appointments/" + first).then().body("bufferAfterMinutes", equalTo(10));
        salon.desk().post("/api/v1/appointments/" + trim + "/cancel").then().statusCode(200);
        explain(salon, salon.trim, salon.ada, "2030-03-04T10:10:00Z").statusCode(200).body("available", equalTo(true));
        salon.book(salon.ada, salon.trim, "2030-03-04T10:10:00Z");
    }

    @Test
    void closuresAndDateOverridesChangeTheDayInTheTenantsZone() {
        Salon salon = new Salon("Europe/Berlin");
        salon.hours(salon.ada, "monday 09:00-17:00", "tuesday 09:00-17:00");
        String closure = salon.closure("2030-12-24");
        // 2030-12-24 is a Tuesday; 09:00 in Berlin is 08:00Z; a closed day refuses staff with and without hours
        refused(salon, salon.booking(salon.ada, salon.trim, "2030-12-24T08:00:00Z"), "staff_unavailable");
        refused(salon, salon.booking(salon.grace, salon.trim, "2030-12-24T12:00:00Z"), "staff_unavailable");
        // its local day: 23:30Z on the 23rd is already the 24th in Berlin
        refused(salon, salon.booking(salon.grace, salon.trim, "2030-12-23T23:30:00Z"), "staff_unavailable");
        salon.book(salon.grace, salon.trim, "2030-12-23T22:30:00Z");
        explain(salon, salon.trim, salon.ada, "2030-12-24T08:00:00Z").statusCode(200).body("reasons.code",
                contains("closed"));
        assertThat(slots(salon, "serviceId=" + salon.trim + "&from=2030-12-24T00:00:00Z&to=2030-12-25T00:00:00Z"))
                .isEmpty();
        salon.as("catalog-staff-service", "settings.write").delete("/api/v1/closures/" + closure).then()
                .statusCode(204);
        salon.book(salon.ada, salon.trim, "2030-12-24T08:00:00Z");

        // an override opens a Saturday the weekly hours leave free, and closes a Monday they fill
        salon.override(salon.ada, "2030-12-28", "10:00-14:00");
        salon.override(salon.ada, "2030-12-30");
        assertThat(slots(salon, "serviceId=" + salon.haircut + "&staffId=" + salon.ada
                + "&from=2030-12-28T00:00:00Z&to=2030-12-31T00:00:00Z&slotMinutes=60")).containsExactly(
                "2030-12-28T09:00:00Z", "2030-12-28T10:00:00Z", "2030-12-28T11:00:00Z", "2030-12-28T12:00:00Z");
        salon.book(salon.ada, salon.haircut, "2030-12-28T12:00:00Z");
        refused(salon, salon.booking(salon.ada, salon.trim, "2030-12-28T13:00:00Z"), "staff_unavailable");
        refused(salon, salon.booking(salon.ada, salon.trim, "2030-12-30T09:00:00Z"), "staff_unavailable");
        explain(salon, salon.trim, salon.ada, "2030-12-30T09:00:00Z").statusCode(200)
                .body("reasons.code", contains("outside_working_hours"));
        // a staff member without weekly hours is bookable any time, but on an overridden day only in its ranges
        salon.override(salon.grace, "2030-12-31", "10:00-11:00");
        salon.book(salon.grace, salon.trim, "2030-12-31T09:00:00Z");
        refused(salon, salon.booking(salon.grace, salon.trim, "2030-12-31T10:00:00Z"), "staff_unavailable");
    }

    @Test
    void onTheDaysTheClocksChangeInNewYorkALocalDayIsStillOneDay() {
        Salon salon = new Salon("America/New_York");
        // 2030-11-03 has 25 hours (01:00-02:00 twice): 04:00Z to 05:00Z the next day, one day for the limit
        salon.policy("{\"maxAppointmentsPerStaffPerDay\":1}");
        salon.book(salon.grace, salon.trim, "2030-11-03T04:30:00Z"); // 00:30 EDT
        refused(salon, salon.booking(salon.grace, salon.trim, "2030-11-04T04:30:00Z"), "daily_limit_reached"); // 23:30 EST
        salon.book(salon.grace, salon.trim, "2030-11-04T05:00:00Z"); // midnight: the 4th
        // and one day for a closure, to its last (25th) hour
        salon.closure("2030-11-03");
        refused(salon, salon.booking(salon.ada, salon.trim, "2030-11-04T04:15:00Z"), "staff_unavailable");
        explain(salon, salon.trim, salon.ada, "2030-11-04T04:15:00Z").statusCode(200)
                .body("reasons.code", contains("closed"));

        // 2030-03-10 has 23 hours (02:00 EST becomes 03:00 EDT): an override 01:00-05:00 is three hours of work
        salon.override(salon.ada, "2030-03-10", "01:00-05:00");
        assertThat(slots(salon, "serviceId=" + salon.haircut + "&staffId=" + salon.ada
                + "&from=2030-03-10T00:00:00Z&to=2030-03-11T00:00:00Z&slotMinutes=60")).containsExactly(
                "2030-03-10T06:00:00Z", "2030-03-10T07:00:00Z", "2030-03-10T08:00:00Z");
        refused(salon, salon.booking(salon.ada, salon.haircut, "2030-03-10T08:30:00Z"), "staff_unavailable");
    }

    @Test
    void aCustomerCancelsOnlyBeforeTheWindowTheBusinessAlwaysAndTheAppointmentSaysWhoAndWhy() {
        Salon salon = new Salon();
        salon.policy("{\"cancellationWindowMinutes\":1440}");
        String soon = salon.book(salon.ada, salon.trim, in(Duration.ofHours(3)));
        String later = salon.book(salon.ada, salon.trim, in(Duration.ofDays(3)));

        salon.desk().body("{\"reason\":\"ill\",\"cancelledBy\":\"customer\"}").post("/api/v1/appointments/" + soon
                + "/cancel").then().statusCode(409).body("code", equalTo("cancellation_window_passed"));
        salon.desk().get("/api/v1/appointments/" + soon).then().body("status", equalTo("booked"))
                .body("cancellation", nullValue());
        salon.desk().body("{\"reason\":\"ill\",\"cancelledBy\":\"customer\"}").post("/api/v1/appointments/" + later
                + "/cancel").then().statusCode(200).body("status", equalTo("cancelled"))
                .body("cancellation.reason", equalTo("ill")).body("cancellation.cancelledBy", equalTo("customer"))
                .body("cancellation.cancelledAt", notNullValue());
        // the business may always cancel; without a body it is the business, without a reason
        salon.desk().post("/api/v1/appointments/" + soon + "/cancel").then().statusCode(200)
                .body("cancellation.cancelledBy", equalTo("business")).body("cancellation.reason", nullValue());
        salon.desk().body("{}").post("/api/v1/appointments/" + soon + "/cancel").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));
    }

    @Test
    void aCancellationBodyIsCheckedAndARefusedOneChangesNothing() {
        Salon salon = new Salon();
        String id = salon.book(salon.ada, salon.trim, "2030-05-06T09:00:00Z");
        salon.desk().body("{\"reason\":\"" + "x".repeat(501) + "\"}").post("/api/v1/appointments/" + id + "/cancel")
                .then().statusCode(422).body("code", equalTo("validation_failed"))
                .body("errors.field", contains("reason"));
        salon.desk().body("{\"cancelledBy\":\"robot\"}").post("/api/v1/appointments/" + id + "/cancel")
                .then().statusCode(422).body("errors.field", contains("cancelledBy"));
        salon.desk().body("{\"cancelledBy\":1}").post("/api/v1/appointments/" + id + "/cancel")
                .then().statusCode(422).body("errors.field", hasItem("cancelledBy"));
        salon.desk().body("{\"why\":\"x\"}").post("/api/v1/appointments/" + id + "/cancel")
                .then().statusCode(422).body("errors.field", hasItem("why"));
        salon.desk().body("[1]").post("/api/v1/appointments/" + id + "/cancel").then().statusCode(400);
        salon.desk().contentType("text/plain").body("because").post("/api/v1/appointments/" + id + "/cancel")
                .then().statusCode(415);
        salon.desk().get("/api/v1/appointments/" + id).then().body("status", equalTo("booked"));
        salon.desk().body("{\"reason\":\"" + "x".repeat(500) + "\"}").post("/api/v1/appointments/" + id + "/cancel")
                .then().statusCode(200).body("cancellation.reason.length()", equalTo(500));
    }

    @Test
    void aCustomersRescheduleKeepsToTheCancellationWindowTheBusinessesDoesNot() {
        Salon salon = new Salon();
        salon.policy("{\"cancellationWindowMinutes\":120}");
        String id = salon.book(salon.ada, salon.trim, in(Duration.ofMinutes(90)));
        String moved = in(Duration.ofDays(1));
        salon.desk().body("{\"startsAt\":\"" + moved + "\",\"changedBy\":\"customer\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(409)
                .body("code", equalTo("cancellation_window_passed"));
        salon.desk().body("{\"startsAt\":\"" + moved + "\",\"changedBy\":\"robot\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(422).body("errors.field", contains("changedBy"));
        salon.desk().body("{\"startsAt\":\"" + moved + "\",\"changedBy\":\"business\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(200).body("startsAt", equalTo(moved))
                .body("id", equalTo(id));
        // now a day ahead, the customer may move it again
        salon.desk().body("{\"startsAt\":\"" + in(Duration.ofDays(2)) + "\",\"changedBy\":\"customer\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(200);
    }

    @Test
    void aNoShowIsMarkedOnlyOnceAStartedBookedAppointmentAndFreesOnlyWhatIsLeft() {
        Salon salon = new Salon();
        String future = salon.book(salon.ada, salon.haircut, in(Duration.ofHours(2)));
        salon.desk().post("/api/v1/appointments/" + future + "/no-show").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));

        String started = salon.book(salon.grace, salon.haircut, in(Duration.ofSeconds(-30)));
        String laterToday = in(Duration.ofMinutes(20));
        refused(salon, salon.booking(salon.grace, salon.trim, laterToday), "appointment_conflict");
        salon.desk().post("/api/v1/appointments/" + started + "/no-show").then().statusCode(200)
                .body("status", equalTo("no_show")).body("id", equalTo(started));
        salon.desk().post("/api/v1/appointments/" + started + "/no-show").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));
        salon.desk().post("/api/v1/appointments/" + started + "/cancel").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));
        salon.desk().queryParam("status", "no_show").get("/api/v1/appointments").then().statusCode(200)
                .body("data.id", contains(started));
        // the rest of its hour is free again
        salon.book(salon.grace, salon.trim, laterToday);
    }

    @Test
    void aNoShowCountsTowardTheDailyLimit() {
        Salon salon = new Salon();
        String started = salon.book(salon.grace, salon.trim, in(Duration.ofSeconds(-30)));
        salon.desk().post("/api/v1/appointments/" + started + "/no-show").then().statusCode(200);
        salon.policy("{\"maxAppointmentsPerStaffPerDay\":1}");
        // the same UTC day, unless the test runs in the last minutes before midnight
        Instant soon = Instant.now().plus(Duration.ofMinutes(2));
        if (soon.truncatedTo(ChronoUnit.DAYS).equals(Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.DAYS))) {
            refused(salon, salon.booking(salon.grace, salon.trim, soon.truncatedTo(ChronoUnit.SECONDS).toString()),
                    "daily_limit_reached");
        }
    }

    @Test
    void explainGivesEveryReasonAtOnceAndAgreesWithTheSearch() {
        Salon salon = new Salon();
        salon.hours(salon.ada, "monday 09:00-12:00");
        salon.performs(salon.ada, salon.haircut);
        salon.policy("{\"maxAppointmentsPerStaffPerDay\":1}");
        String booked = salon.book(salon.ada, salon.haircut, "2030-03-11T09:00:00Z");
        salon.timeOff(salon.ada, "2030-03-11T11:00:00Z", "2030-03-11T13:00:00Z");
        salon.closure("2030-03-11");
        // a trim at 11:45 on that Monday: closed, past the hours, on time off, not performed, full day; at 09:30 booked
        explain(salon, salon.trim, salon.ada, "2030-03-11T11:45:00Z").statusCode(200)
                .body("available", equalTo(false)).body("reasons.code", containsInAnyOrder("closed",
                        "outside_working_hours", "time_off", "service_not_offered", "daily_limit_reached"))
                .body("reasons.detail", everyItem(not(emptyOrNullString())));
        explain(salon, salon.trim, salon.ada, "2030-03-11T09:30:00Z").statusCode(200).body("reasons.code",
                containsInAnyOrder("closed", "service_not_offered", "booked", "daily_limit_reached"))
                .body("reasons.find { it.code == 'booked' }.appointmentId", equalTo(booked));
        // one refusal, its code the first kind: the booking window, then the staff member, the day, the time
        refused(salon, salon.booking(salon.ada, salon.trim, "2030-03-11T09:30:00Z"), "staff_unavailable");

        explain(salon, salon.haircut, salon.ada, "2030-03-18T09:00:00Z").statusCode(200)
                .body("available", equalTo(true)).body("reasons", empty());
        assertThat(slots(salon, "serviceId=" + salon.haircut + "&from=2030-03-11T00:00:00Z&to=2030-03-19T00:00:00Z"
                + "&slotMinutes=60")).containsExactly("2030-03-18T09:00:00Z", "2030-03-18T10:00:00Z",
                "2030-03-18T11:00:00Z");
    }

    @Test
    void explainNeedsItsThreeParametersAndTheTenantsIds() {
        Salon salon = new Salon();
        salon.desk().queryParam("serviceId", salon.trim).queryParam("staffId", salon.ada)
                .get("/api/v1/availability/explain").then().statusCode(400).body("code", equalTo("malformed_request"));
        explain(salon, salon.trim, salon.ada, "tomorrow").statusCode(400);
        explain(salon, "svc_nonsense", "stf_nonsense", "2030-03-11T09:00:00Z").statusCode(422)
                .body("errors.field", containsInAnyOrder("serviceId", "staffId"));
        Salon other = new Salon();
        explain(salon, other.trim, salon.ada, "2030-03-11T09:00:00Z").statusCode(422)
                .body("errors.field", contains("serviceId"));
    }
}
