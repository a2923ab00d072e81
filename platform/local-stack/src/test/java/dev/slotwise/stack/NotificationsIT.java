package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.mail.Multipart;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §18 through the real services, as a newcomer meets it: the demo tenant's key books an appointment for a
 * demo customer, and the confirmation, with the business's and the service's names (read with the internal token the
 * gateway mints for notification-service) and an iCalendar invitation, arrives at the stack's mail catcher, where
 * {@code ./slotwise mail} reads it; the log says it was sent. A staff member's calendar feed is read through the
 * gateway without any header and shows the appointment.
 */
@ExtendWith(SharedStack.class)
@Timeout(420)
class NotificationsIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aBookingWithTheDemoKeyIsConfirmedByEmailAndShowsInTheStaffFeed() throws Exception {
        LocalStack stack = SharedStack.stack();
        Salon salon = Salon.demo(stack);
        String appointment = salon.book(1);

        JsonNode message = awaitMail("ada@example.com", salon.business(), Duration.ofSeconds(90));
        assertThat(message.get("subject").asText()).startsWith("Confirmed: Haircut at " + salon.business() + ", ")
                .contains("10:00");
        String invitation = calendarPart(message.get("raw").asText());
        assertThat(invitation).contains("METHOD:REQUEST").contains("UID:" + appointment + "@slotwise");
        assertThat(message.get("receivedAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");

        // ./slotwise mail: one line with the time, the recipient and the subject; --raw the whole message
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        assertThat(new StackCommands(stack.dataDir(), new PrintStream(printed, true, StandardCharsets.UTF_8)).mail(false))
                .isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).containsPattern(
                "\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s+ada@example.com\\s+" + Pattern.quote(message.get("subject").asText()));
        printed.reset();
        new StackCommands(stack.dataDir(), new PrintStream(printed, true, StandardCharsets.UTF_8)).mail(true);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("Subject: ").contains("text/calendar");

        JsonNode confirmation = confirmation(salon.key(), appointment);
        assertThat(confirmation.get("status").asText()).isEqualTo("sent");
        assertThat(confirmation.get("to").asText()).isEqualTo("ada@example.com");

        StackApi.Answer feedMade = call("POST", "/api/v1/staff/" + salon.mia() + "/calendar-feed", salon.key(), null);
        assertThat(feedMade.status()).as(String.valueOf(feedMade.body())).isEqualTo(201);
        String feedUrl = feedMade.body().get("url").asText();
        assertThat(feedUrl).startsWith(stack.gatewayUrl() + "/calendar/").endsWith(".ics");
        HttpResponse<String> feed = HTTP.send(HttpRequest.newBuilder(URI.create(feedUrl)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(feed.statusCode()).isEqualTo(200);
        assertThat(feed.headers().firstValue("Content-Type").orElse("")).startsWith("text/calendar");
        assertThat(feed.body()).contains("UID:" + appointment + "@slotwise").contains("Haircut")
                .doesNotContain("ada@example.com").doesNotContain("Lovelace");
        assertThat(call("DELETE", "/api/v1/staff/" + salon.mia() + "/calendar-feed", salon.key(), null).status())
                .isEqualTo(204);
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(feedUrl)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(404);
    }

    /**
     * The mail server away, and notification-service killed (SIGKILL) and started again meanwhile: the booking still
     * succeeds, the API answers, the confirmation waits in the schedule with the SMTP error, and once the server is
     * back it arrives — exactly once.
     */
    @Test
    void aConfirmationOutlastsAMailOutageAndACrashOfTheServiceAndArrivesOnce() throws Exception {
        LocalStack stack = SharedStack.stack();
        Salon salon = Salon.demo(stack);
        stack.stopMail();
        String appointment;
        try {
            appointment = salon.book(2);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            JsonNode waiting = confirmation(salon.key(), appointment);
            while (waiting == null || waiting.get("error").isNull()) {
                assertThat(System.nanoTime()).as("no SMTP error recorded: " + waiting).isLessThan(deadline);
                Thread.sleep(500);
                waiting = confirmation(salon.key(), appointment);
            }
            assertThat(waiting.get("status").asText()).isEqualTo("scheduled");
            assertThat(waiting.get("error").asText()).contains("SMTP");
            long asked = System.nanoTime();
            ok(call("GET", "/api/v1/customers", salon.key(), null));
            assertThat((System.nanoTime() - asked) / 1_000_000).as("the API during the outage").isLessThan(2_000);

            stack.crashService("notification-service");
            stack.startService("notification-service");
        } finally {
            stack.startMail();
        }
        JsonNode message = awaitMail("ada@example.com", salon.business(), Duration.ofSeconds(180));
        assertThat(calendarPart(message.get("raw").asText())).contains("UID:" + appointment + "@slotwise");
        Thread.sleep(5_000); // a second copy would be here by now
        assertThat(mailFor("ada@example.com", salon.business())).hasSize(1);
        JsonNode sent = confirmation(salon.key(), appointment);
        assertThat(sent.get("status").asText()).isEqualTo("sent");
    }

    /** A demo tenant of its own (the demo data of `up`) and what a booking needs from it. */
    private record Salon(String business, String key, String ada, String haircut, String mia) {

        static Salon demo(LocalStack stack) throws Exception {
            String business = "Notify Salon " + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
            DemoTenant demo = DemoTenant.create(stack.gatewayUrl(), stack.adminToken(), business,
                    "owner+" + Integer.toHexString(business.hashCode()) + "@notify-salon.example");
            String key = demo.apiKey();
            String ada = ok(call("GET", "/api/v1/customers?email=ada@example.com", key, null))
                    .get("data").get(0).get("id").asText();
            return new Salon(business, key, ada, named(key, "/api/v1/services", "Haircut"),
                    named(key, "/api/v1/staff", "Mia"));
        }

        /** Books Ada's haircut with Mia on a Wednesday at 10:00 in Berlin, {@code weeks} weeks ahead (she works then). */
        String book(int weeks) throws Exception {
            LocalDate wednesday = LocalDate.now(ZoneId.of("Europe/Berlin")).plusWeeks(weeks)
                    .with(TemporalAdjusters.nextOrSame(DayOfWeek.WEDNESDAY));
            String startsAt = wednesday.atTime(10, 0).atZone(ZoneId.of("Europe/Berlin")).toInstant().toString();
            StackApi.Answer booked = call("POST", "/api/v1/appointments", key, """
                    {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}"""
                    .formatted(ada, haircut, mia, startsAt));
            assertThat(booked.status()).as(String.valueOf(booked.body())).isEqualTo(201);
            return booked.body().get("id").asText();
        }

        private static String named(String key, String path, String name) throws Exception {
            for (JsonNode item : ok(call("GET", path, key, null)).get("data")) {
                if (item.get("name").asText().equals(name)) {
                    return item.get("id").asText();
                }
            }
            throw new AssertionError("no " + name + " at " + path);
        }
    }

    /** The appointment's confirmation in the notification log, or null while there is none. */
    private static JsonNode confirmation(String key, String appointment) throws Exception {
        for (JsonNode entry : ok(call("GET", "/api/v1/notifications?appointmentId=" + appointment, key, null)).get("data")) {
            if (entry.get("kind").asText().equals("confirmation")) {
                return entry;
            }
        }
        return null;
    }

    /** The text/calendar part of a whole RFC 5322 message, decoded (its transfer encoding undone). */
    static String calendarPart(String raw) throws Exception {
        MimeMessage message = new MimeMessage(Session.getInstance(new Properties()),
                new ByteArrayInputStream(raw.getBytes(StandardCharsets.UTF_8)));
        if (message.getContent() instanceof Multipart parts) {
            for (int i = 0; i < parts.getCount(); i++) {
                if (parts.getBodyPart(i).getContentType().toLowerCase().startsWith("text/calendar")) {
                    return new String(parts.getBodyPart(i).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        throw new AssertionError("no text/calendar part in:\n" + raw);
    }

    /** The messages the catcher holds for {@code to} whose subject names {@code business}, newest first. */
    private static List<JsonNode> mailFor(String to, String business) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                URI.create(SharedStack.stack().mailApiUrl().orElseThrow() + "/messages")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode message : StackApi.JSON.readTree(answer.body())) {
            if (message.get("to").toString().contains(to) && message.get("subject").asText().contains(business)) {
                found.add(message);
            }
        }
        return found;
    }

    /** The newest message for {@code to} from {@code business}, waiting for it up to {@code within}. */
    private static JsonNode awaitMail(String to, String business, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        List<JsonNode> found = mailFor(to, business);
        while (found.isEmpty()) {
            assertThat(System.nanoTime()).as("no e-mail to " + to + " from " + business + " within " + within)
                    .isLessThan(deadline);
            Thread.sleep(500);
            found = mailFor(to, business);
        }
        return found.get(0);
    }
}
