package dev.slotwise.appointment;

import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §14: a booking or a reschedule with a staff member outside their working hours, on time off, or for a
 * service they do not perform is 409 {@code staff_unavailable} and changes nothing; staff without hours can be booked
 * at any time. Against the real catalog-staff-service.
 */
@QuarkusTest
class StaffUnavailableTest {

    private final Salon salon = new Salon("Europe/Berlin");

    private void refused(String body) {
        salon.desk().body(body).post("/api/v1/appointments").then().statusCode(409)
                .contentType("application/problem+json").body("code", equalTo("staff_unavailable"));
    }

    @Test
    void outsideWorkingHoursInTheTenantsZoneIsRefused() {
        salon.hours(salon.ada, "monday 09:00-12:00");
        // 2030-03-04 is a Monday; Berlin is UTC+1: work is 08:00Z-11:00Z
        refused(salon.booking(salon.ada, salon.trim, "2030-03-04T07:45:00Z"));
        refused(salon.booking(salon.ada, salon.trim, "2030-03-04T10:45:00Z"));
        refused(salon.booking(salon.ada, salon.trim, "2030-03-05T08:00:00Z"));
        salon.desk().get("/api/v1/appointments?staffId=" + salon.ada).then().statusCode(200).body("data.size()", equalTo(0));
        salon.book(salon.ada, salon.trim, "2030-03-04T08:00:00Z");
        salon.book(salon.ada, salon.trim, "2030-03-04T10:30:00Z");
    }

    @Test
    void staffWithoutWorkingHoursAreBookableAtAnyTimeButNotOnTimeOff() {
        salon.book(salon.grace, salon.trim, "2030-03-03T03:00:00Z");
        salon.timeOff(salon.grace, "2030-03-05T10:00:00Z", "2030-03-05T12:00:00Z");
        refused(salon.booking(salon.grace, salon.trim, "2030-03-05T09:45:00Z"));
        refused(salon.booking(salon.grace, salon.haircut, "2030-03-05T11:30:00Z"));
        // time off is half-open too: an appointment may end when it starts or start when it ends
        salon.book(salon.grace, salon.trim, "2030-03-05T09:30:00Z");
        salon.book(salon.grace, salon.trim, "2030-03-05T12:00:00Z");
    }

    @Test
    void aServiceTheStaffMemberDoesNotPerformIsRefused() {
        salon.performs(salon.ada, salon.haircut);
        refused(salon.booking(salon.ada, salon.trim, "2030-03-04T08:00:00Z"));
        salon.book(salon.ada, salon.haircut, "2030-03-04T08:00:00Z");
    }

    @Test
    void aRescheduleIsCheckedAsABookingIsAndARefusedOneChangesNothing() {
        salon.hours(salon.ada, "monday 09:00-12:00");
        String id = salon.book(salon.ada, salon.haircut, "2030-03-04T08:00:00Z");

        salon.desk().body("{\"startsAt\":\"2030-03-04T13:00:00Z\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(409).body("code", equalTo("staff_unavailable"));
        salon.timeOff(salon.grace, "2030-03-04T07:00:00Z", "2030-03-04T09:00:00Z");
        salon.desk().body("{\"staffId\":\"" + salon.grace + "\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(409).body("code", equalTo("staff_unavailable"));
        salon.performs(salon.ada, salon.haircut);
        salon.desk().body("{\"serviceId\":\"" + salon.trim + "\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(409).body("code", equalTo("staff_unavailable"));
        salon.desk().get("/api/v1/appointments/" + id).then().statusCode(200)
                .body("staffId", equalTo(salon.ada)).body("serviceId", equalTo(salon.haircut))
                .body("startsAt", equalTo("2030-03-04T08:00:00Z")).body("endsAt", equalTo("2030-03-04T09:00:00Z"));

        // a move inside the hours is fine; notes alone are never refused, even once the hours have changed
        salon.desk().body("{\"startsAt\":\"2030-03-04T10:00:00Z\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(200).body("endsAt", equalTo("2030-03-04T11:00:00Z"));
        salon.hours(salon.ada, "tuesday 09:00-12:00");
        salon.desk().body("{\"notes\":\"bring the dog\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(200).body("notes", equalTo("bring the dog"));
    }

    @Test
    void aRescheduleWithAStaleIfMatchIs412AndChangesNothing() {
        String id = salon.book(salon.ada, salon.haircut, "2030-03-04T08:00:00Z");
        String etag = salon.desk().get("/api/v1/appointments/" + id).then().statusCode(200).extract().header("ETag");
        salon.desk().post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);
        salon.desk().header("If-Match", etag).body("{\"notes\":\"late\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(412).body("code", equalTo("precondition_failed"));

        String other = salon.book(salon.ada, salon.haircut, "2030-03-04T10:00:00Z");
        String tag = salon.desk().get("/api/v1/appointments/" + other).then().extract().header("ETag");
        String moved = salon.desk().header("If-Match", tag).body("{\"startsAt\":\"2030-03-04T11:00:00Z\"}")
                .patch("/api/v1/appointments/" + other).then().statusCode(200).extract().header("ETag");
        salon.desk().header("If-Match", tag).body("{\"startsAt\":\"2030-03-04T12:00:00Z\"}")
                .patch("/api/v1/appointments/" + other).then().statusCode(412);
        salon.desk().get("/api/v1/appointments/" + other).then().body("startsAt", equalTo("2030-03-04T11:00:00Z"))
                .header("ETag", equalTo(moved));
    }
}
