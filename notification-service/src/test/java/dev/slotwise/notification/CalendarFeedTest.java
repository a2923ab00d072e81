package dev.slotwise.notification;

import static dev.slotwise.notification.Scenario.eventually;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** Staff calendar feeds (CONTRACT §18): a URL without a header, a token that ends the previous one, no contact data. */
@QuarkusTest
class CalendarFeedTest {

    @Test
    void aStaffFeedShowsBookedAppointmentsWithoutContactDataUntilItIsReplacedOrEnded() {
        Scenario s = new Scenario();
        String email = Scenario.id("hal") + "@example.com";
        String customer = s.customer("Hal", email, false);
        String booked = Scenario.id("appt");
        String cancelled = Scenario.id("appt");
        String farAhead = Scenario.id("appt");
        Instant soon = Instant.now().plus(2, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);
        s.appointmentEvent("appointment.created", booked, customer, soon, "booked");
        s.appointmentEvent("appointment.created", cancelled, customer, soon.plus(1, ChronoUnit.DAYS), "booked");
        s.appointmentEvent("appointment.cancelled", cancelled, customer, soon.plus(1, ChronoUnit.DAYS), "cancelled");
        s.appointmentEvent("appointment.created", farAhead, customer, soon.plus(200, ChronoUnit.DAYS), "booked");

        String url = given().auth().oauth2(s.token).post("/api/v1/staff/" + DirectoryStub.STAFF_ID + "/calendar-feed")
                .then().statusCode(201).extract().path("url");
        assertThat(url).matches("http://localhost:8080/calendar/[0-9a-f]{64}\\.ics");
        String path = url.substring("http://localhost:8080".length());

        // the booking and the cancellation reached this service's copy: only the booked one is in the feed
        String feed = eventually(Duration.ofSeconds(30), () -> {
            String ics = given().get(path).then().statusCode(200).contentType("text/calendar").extract().asString()
                    .replace("\r\n ", "");
            assertThat(ics).contains("UID:" + booked + "@slotwise").doesNotContain(cancelled);
            return ics;
        });
        assertThat(feed).contains("BEGIN:VCALENDAR", "METHOD:PUBLISH", "SUMMARY:" + DirectoryStub.SERVICE_NAME + " – Hal")
                .doesNotContain(farAhead, email, "mailto:", "ATTENDEE", "ORGANIZER");

        String second = given().auth().oauth2(s.token)
                .post("/api/v1/staff/" + DirectoryStub.STAFF_ID + "/calendar-feed")
                .then().statusCode(201).extract().path("url");
        given().get(path).then().statusCode(404);
        String secondPath = second.substring("http://localhost:8080".length());
        given().get(secondPath).then().statusCode(200);

        given().auth().oauth2(s.token).delete("/api/v1/staff/" + DirectoryStub.STAFF_ID + "/calendar-feed")
                .then().statusCode(204);
        given().get(secondPath).then().statusCode(404);
        given().auth().oauth2(s.token).delete("/api/v1/staff/" + DirectoryStub.STAFF_ID + "/calendar-feed")
                .then().statusCode(404);
        given().get("/calendar/not-a-token.ics").then().statusCode(404);
        given().auth().oauth2(s.token).post("/api/v1/staff/" + Scenario.id("stf") + "/calendar-feed")
                .then().statusCode(404);
        // another tenant cannot end this tenant's feed
        Scenario other = new Scenario();
        given().auth().oauth2(s.token).post("/api/v1/staff/" + DirectoryStub.STAFF_ID + "/calendar-feed")
                .then().statusCode(201);
        given().auth().oauth2(other.token).delete("/api/v1/staff/" + DirectoryStub.STAFF_ID + "/calendar-feed")
                .then().statusCode(404);
    }
}
