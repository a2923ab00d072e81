package dev.slotwise.notification;

import static dev.slotwise.notification.Scenario.calendar;
import static dev.slotwise.notification.Scenario.eventually;
import static dev.slotwise.notification.Scenario.mailTo;
import static dev.slotwise.notification.Scenario.text;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §18 end to end inside the service: events on the real Kafka topics in, e-mails out through a real SMTP
 * server (GreenMail), the log and the reminder events read as a client and an integrator would.
 */
@QuarkusTest
class NotificationFlowTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aBookingIsConfirmedWithAnInvitationAndItsReminderPlanned() throws Exception {
        Scenario s = new Scenario();
        String email = Scenario.id("ada") + "@example.com";
        String customer = s.customer("Ada", email, false);
        String appointment = Scenario.id("appt");
        Instant start = Instant.parse("2027-03-02T09:30:00Z");
        s.appointmentEvent("appointment.created", appointment, customer, start, "booked");

        MimeMessage mail = eventually(WAIT, () -> {
            assertThat(mailTo(email)).hasSize(1);
            return mailTo(email).get(0);
        });
        assertThat(mail.getSubject()).contains("Confirmed", DirectoryStub.SERVICE_NAME, DirectoryStub.BUSINESS);
        assertThat(mail.getFrom()[0].toString()).contains(DirectoryStub.BUSINESS);
        String body = text(mail);
        // the start in the appointment's time zone (Berlin, UTC+1 in March), the business, the service, the policy
        assertThat(body).contains("Hello Ada", "Tuesday 2 March 2027 at 10:30 (Europe/Berlin)",
                DirectoryStub.SERVICE_NAME, DirectoryStub.BUSINESS, DirectoryStub.POLICY);
        String ics = calendar(mail);
        assertThat(ics).contains("METHOD:REQUEST", "UID:" + appointment + "@slotwise", "SEQUENCE:0",
                "DTSTART:20270302T093000Z", "DTEND:20270302T101500Z", "mailto:" + email);

        JsonPath log = eventually(WAIT, () -> {
            JsonPath entries = s.log(appointment);
            assertThat(entries.getList("data.status")).containsExactlyInAnyOrder("sent", "scheduled");
            return entries;
        });
        Map<String, Object> confirmation = entry(log, "confirmation");
        assertThat(confirmation).containsEntry("channel", "email").containsEntry("to", email)
                .containsEntry("error", null);
        assertThat((String) confirmation.get("id")).startsWith("ntf_");
        assertThat(confirmation.get("sentAt")).isNotNull();
        Map<String, Object> reminder = entry(log, "reminder");
        assertThat(reminder).containsEntry("scheduledFor", "2027-03-01T09:30:00Z").containsEntry("sentAt", null);
    }

    /** A visit of several services (CONTRACT §16): its confirmation names each, in the visit's order. */
    @Test
    void aVisitsConfirmationNamesEveryServiceOfIt() throws Exception {
        Scenario s = new Scenario();
        String email = Scenario.id("grace") + "@example.com";
        String customer = s.customer("Grace", email, false);
        String appointment = Scenario.id("appt");
        s.publish("slotwise.appointment.events", appointment, "appointment.created", """
                {"id":"%s","customerId":"%s","serviceId":"%s","staffId":"%s","date":"2027-03-03","time":"10:00",
                 "timeZone":"Europe/Berlin","startsAt":"2027-03-03T09:00:00Z","endsAt":"2027-03-03T11:00:00Z",
                 "status":"booked","bufferBeforeMinutes":0,"bufferAfterMinutes":0,"cancellation":null,
                 "segments":[
                   {"serviceId":"%s","staffId":"%s","startsAt":"2027-03-03T09:00:00Z","endsAt":"2027-03-03T09:45:00Z"},
                   {"serviceId":"%s","staffId":"%s","startsAt":"2027-03-03T09:45:00Z","endsAt":"2027-03-03T11:00:00Z"}]}"""
                .formatted(appointment, customer, DirectoryStub.SERVICE_ID, DirectoryStub.STAFF_ID,
                        DirectoryStub.SERVICE_ID, DirectoryStub.STAFF_ID, DirectoryStub.COLOUR_ID,
                        DirectoryStub.STAFF_ID));

        MimeMessage mail = eventually(WAIT, () -> {
            assertThat(mailTo(email)).hasSize(1);
            return mailTo(email).get(0);
        });
        String both = DirectoryStub.SERVICE_NAME + ", " + DirectoryStub.COLOUR_NAME;
        assertThat(mail.getSubject()).contains("Confirmed", both);
        assertThat(text(mail)).contains(both);
        assertThat(calendar(mail)).contains("DTSTART:20270303T090000Z", "DTEND:20270303T110000Z");
    }

    @Test
    void aRescheduleMovesTheReminderAndACancellationCancelsIt() throws Exception {
        Scenario s = new Scenario();
        String email = Scenario.id("bo") + "@example.com";
        String customer = s.customer("Bo", email, false);
        String appointment = Scenario.id("appt");
        s.appointmentEvent("appointment.created", appointment, customer, Instant.parse("2027-04-06T08:00:00Z"), "booked");
        eventually(WAIT, () -> assertThat(mailTo(email)).hasSize(1));

        s.appointmentEvent("appointment.updated", appointment, customer, Instant.parse("2027-04-08T12:00:00Z"), "booked");
        MimeMessage moved = eventually(WAIT, () -> {
            assertThat(mailTo(email)).hasSize(2);
            return mailTo(email).get(1);
        });
        assertThat(moved.getSubject()).startsWith("Rescheduled");
        assertThat(text(moved)).contains("Thursday 8 April 2027 at 14:00");
        assertThat(calendar(moved)).contains("METHOD:REQUEST", "SEQUENCE:1", "UID:" + appointment + "@slotwise",
                "DTSTART:20270408T120000Z");
        eventually(WAIT, () -> assertThat(entry(s.log(appointment), "reminder"))
                .containsEntry("scheduledFor", "2027-04-07T12:00:00Z").containsEntry("status", "scheduled"));

        s.appointmentEvent("appointment.cancelled", appointment, customer, Instant.parse("2027-04-08T12:00:00Z"),
                "cancelled");
        MimeMessage cancelled = eventually(WAIT, () -> {
            assertThat(mailTo(email)).hasSize(3);
            return mailTo(email).get(2);
        });
        assertThat(cancelled.getSubject()).startsWith("Cancelled");
        assertThat(calendar(cancelled)).contains("METHOD:CANCEL", "SEQUENCE:2", "STATUS:CANCELLED",
                "UID:" + appointment + "@slotwise");
        Map<String, Object> reminder = entry(s.log(appointment), "reminder");
        assertThat(reminder).containsEntry("status", "skipped").containsEntry("error", "the appointment was cancelled");
    }

    @Test
    void aReminderGoesOutAtItsOffsetOnceWithItsEventAndAReplayedBookingSendsNothingTwice() throws Exception {
        Scenario s = new Scenario();
        given().auth().oauth2(s.token).contentType("application/json")
                .body("{\"emailEnabled\":true,\"senderName\":null,\"replyTo\":\"desk@salon.example\","
                        + "\"reminderMinutesBefore\":[15]}")
                .put("/api/v1/notification-settings").then().statusCode(200);
        String email = Scenario.id("cy") + "@example.com";
        String customer = s.customer("Cy", email, false);
        String noEmail = s.customer("Dee", null, false);
        String appointment = Scenario.id("appt");
        String silent = Scenario.id("appt");
        // 15 minutes before the start is 3 seconds from now
        Instant start = Instant.now().plus(15, ChronoUnit.MINUTES).plusSeconds(3);
        try (KafkaEvents reminders = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(),
                "slotwise.notification.events")) {
            String booking = Scenario.appointmentData(appointment, customer, start, "booked");
            String eventId = s.publish("slotwise.appointment.events", appointment, "appointment.created", booking);
            s.appointmentEvent("appointment.created", silent, noEmail, start, "booked");

            List<MimeMessage> both = eventually(WAIT, () -> {
                assertThat(mailTo(email)).hasSize(2);
                return mailTo(email);
            });
            MimeMessage reminder = both.stream().filter(this::isReminder).findFirst().orElseThrow();
            assertThat(text(reminder)).contains("is in 15 minutes");
            assertThat(reminder.getReplyTo()[0].toString()).isEqualTo("desk@salon.example");

            var event = reminders.await(value -> value.contains("\"appointment.reminder_due\"")
                    && value.contains(appointment), WAIT);
            assertThat(event.key()).isEqualTo(appointment);
            assertThat(event.value()).contains("\"minutesBefore\":15", "\"status\":\"booked\"",
                    "\"tenantId\":\"" + s.tenantId + "\"");
            // with or without e-mail: the customer without an address gets the event, and a skipped log entry
            reminders.await(value -> value.contains("\"appointment.reminder_due\"") && value.contains(silent), WAIT);
            eventually(WAIT, () -> assertThat(entry(s.log(silent), "reminder"))
                    .containsEntry("status", "skipped").containsEntry("error", "the customer has no e-mail address"));

            // the same booking event consumed again (a replay after a crash) changes nothing
            s.publishEnvelope("slotwise.appointment.events", appointment, eventId, "appointment.created", booking);
            Thread.sleep(3000);
            assertThat(mailTo(email)).hasSize(2);
            assertThat(s.log(appointment).getList("data")).hasSize(2);
            assertThat(reminders.all().stream().filter(r -> r.value().contains(appointment))).hasSize(1);
        }
    }

    @Test
    void optOutDisabledEmailAndBadAddressesAreLoggedWithTheirReason() {
        Scenario s = new Scenario();
        String optedOut = s.customer("Eve", Scenario.id("eve") + "@example.com", true);
        String badAddress = s.customer("Fay", "fay at example", false);
        String first = Scenario.id("appt");
        String second = Scenario.id("appt");
        Instant start = Instant.now().plus(30, ChronoUnit.DAYS);
        s.appointmentEvent("appointment.created", first, optedOut, start, "booked");
        s.appointmentEvent("appointment.created", second, badAddress, start, "booked");
        eventually(WAIT, () -> assertThat(entry(s.log(first), "confirmation")).containsEntry("status", "skipped")
                .containsEntry("error", "the customer opted out of notifications"));
        eventually(WAIT, () -> assertThat(entry(s.log(second), "confirmation")).containsEntry("status", "failed")
                .containsEntry("error", "the customer's e-mail address is not a valid address"));

        Scenario quiet = new Scenario();
        given().auth().oauth2(quiet.token).contentType("application/json")
                .body("{\"emailEnabled\":false,\"senderName\":\"Quiet Place\",\"replyTo\":null,"
                        + "\"reminderMinutesBefore\":[1440,60]}")
                .put("/api/v1/notification-settings").then().statusCode(200);
        String customer = quiet.customer("Gus", Scenario.id("gus") + "@example.com", false);
        String third = Scenario.id("appt");
        quiet.appointmentEvent("appointment.created", third, customer, start, "booked");
        eventually(WAIT, () -> assertThat(entry(quiet.log(third), "confirmation")).containsEntry("status", "skipped")
                .containsEntry("error", "e-mail is turned off in the notification settings"));
        assertThat(quiet.log(third).getList("data.kind")).containsExactlyInAnyOrder("confirmation", "reminder",
                "reminder");
    }

    private boolean isReminder(MimeMessage message) {
        try {
            return message.getSubject().startsWith("Reminder");
        } catch (Exception e) {
            return false;
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> entry(JsonPath log, String kind) {
        List<Map<String, Object>> entries = log.getList("data");
        return entries.stream().filter(entry -> kind.equals(entry.get("kind"))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in " + log.prettify()));
    }
}
