package dev.slotwise.notification;

import static dev.slotwise.notification.NotificationFlowTest.entry;
import static dev.slotwise.notification.Scenario.eventually;
import static dev.slotwise.notification.Scenario.mailTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.commons.id.Ids;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The schedule through outages and replicas: SMTP away (nothing lost, sends resume, the API unaffected; given up as
 * {@code failed} after the last retry), e-mails leased by a replica that died (taken over, or — when it had begun
 * sending — failed rather than sent twice), and a live replica's lease left alone.
 */
@QuarkusTest
class ScheduleResilienceTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    Pool pool;

    @AfterEach
    void smtpBack() {
        if (SmtpServer.received().isEmpty()) {
            SmtpServer.stopServer();
            SmtpServer.startServer();
        }
    }

    @Test
    void anSmtpOutageLosesNothingAndLeavesTheApiAlone() {
        Scenario s = new Scenario();
        String email = Scenario.id("ida") + "@example.com";
        String customer = s.customer("Ida", email, false);
        SmtpServer.stopServer();
        try {
            String appointment = Scenario.id("appt");
            s.appointmentEvent("appointment.created", appointment, customer, Instant.now().plus(3, ChronoUnit.DAYS),
                    "booked");
            Map<String, Object> waiting = eventually(WAIT, () -> {
                Map<String, Object> confirmation = entry(s.log(appointment), "confirmation");
                assertThat(confirmation).containsEntry("status", "scheduled");
                assertThat((String) confirmation.get("error")).startsWith("SMTP:");
                return confirmation;
            });
            assertThat(waiting.get("sentAt")).isNull();
            long started = System.nanoTime();
            given().auth().oauth2(s.token).get("/api/v1/notification-settings").then().statusCode(200);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));

            SmtpServer.startServer();
            eventually(WAIT, () -> assertThat(mailTo(email)).hasSize(1));
            eventually(WAIT, () -> assertThat(entry(s.log(appointment), "confirmation"))
                    .containsEntry("status", "sent").containsEntry("error", null));
        } finally {
            SmtpServer.stopServer();
            SmtpServer.startServer();
        }
    }

    @Test
    void anSmtpServerAwayForTheWholeScheduleEndsInFailedWithTheReason() {
        Scenario s = new Scenario();
        String customer = s.customer("Jo", Scenario.id("jo") + "@example.com", false);
        SmtpServer.stopServer();
        try {
            String appointment = Scenario.id("appt");
            s.appointmentEvent("appointment.created", appointment, customer, Instant.now().plus(3, ChronoUnit.DAYS),
                    "booked");
            // first attempt and the three retries (1 s, 3 s, 6 s in tests; 1, 5, 30 minutes in production)
            eventually(Duration.ofSeconds(60), () -> {
                Map<String, Object> confirmation = entry(s.log(appointment), "confirmation");
                assertThat(confirmation).containsEntry("status", "failed");
                assertThat((String) confirmation.get("error")).startsWith("SMTP:").endsWith("(gave up after 4 attempts)");
                return confirmation;
            });
        } finally {
            SmtpServer.stopServer();
            SmtpServer.startServer();
        }
    }

    @Test
    void leasesOfADeadReplicaAreTakenOverButABegunSendIsNeverRepeated() throws Exception {
        Scenario s = new Scenario();
        String email = Scenario.id("kit") + "@example.com";
        String customer = s.customer("Kit", email, false);
        String appointment = Scenario.id("appt");
        // booked with e-mail off, so that the rows below are the only sends
        given().auth().oauth2(s.token).contentType("application/json")
                .body("{\"emailEnabled\":false,\"senderName\":null,\"replyTo\":null,\"reminderMinutesBefore\":[]}")
                .put("/api/v1/notification-settings").then().statusCode(200);
        s.appointmentEvent("appointment.created", appointment, customer, Instant.now().plus(5, ChronoUnit.DAYS), "booked");
        eventually(WAIT, () -> assertThat(entry(s.log(appointment), "confirmation")).containsEntry("status", "skipped"));
        given().auth().oauth2(s.token).contentType("application/json")
                .body("{\"emailEnabled\":true,\"senderName\":null,\"replyTo\":null,\"reminderMinutesBefore\":[]}")
                .put("/api/v1/notification-settings").then().statusCode(200);

        UUID dead = UUID.randomUUID();
        UUID alive = UUID.randomUUID();
        pool.preparedQuery("insert into notifier_replicas (id, seen_at) values ($1, now() - interval '1 minute'),"
                + " ($2, now() + interval '1 hour')").execute(Tuple.of(dead, alive)).await().indefinitely();
        String takenOver = leased(s, appointment, customer, "reminder", 1440, dead, false);
        String begun = leased(s, appointment, customer, "reminder", 60, dead, true);
        String heldByLive = leased(s, appointment, customer, "reminder", 30, alive, false);

        eventually(WAIT, () -> assertThat(mailTo(email)).hasSize(1));
        eventually(WAIT, () -> {
            assertThat(status(takenOver)).isEqualTo("sent");
            return assertThat(status(begun)).isEqualTo("failed");
        });
        assertThat(error(begun)).contains("never arrives twice");
        Thread.sleep(2000);
        assertThat(mailTo(email)).hasSize(1);
        assertThat(status(heldByLive)).isEqualTo("scheduled");
    }

    private String leased(Scenario s, String appointment, String customer, String kind, int minutes, UUID replica,
            boolean sending) {
        String id = Ids.next("ntf");
        pool.preparedQuery("""
                insert into notifications (id, tenant_id, appointment_id, customer_id, kind, minutes_before, dedupe_key,
                    status, scheduled_for, next_attempt_at, leased_by, sending_since)
                values ($1, $2, $3, $4, $5, $6, $7, 'scheduled', now(), now(), $8,
                    case when $9 then now() - interval '2 seconds' end)""")
                .execute(Tuple.from(new Object[] {id, s.tenantId, appointment, customer, kind, minutes,
                        appointment + ":" + kind + ":" + minutes, replica, sending}))
                .await().indefinitely();
        return id;
    }

    private String status(String id) {
        return pool.preparedQuery("select status from notifications where id = $1").execute(Tuple.of(id))
                .await().indefinitely().iterator().next().getString(0);
    }

    private String error(String id) {
        return pool.preparedQuery("select error from notifications where id = $1").execute(Tuple.of(id))
                .await().indefinitely().iterator().next().getString(0);
    }
}
