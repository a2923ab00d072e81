package dev.slotwise.notification;

import static io.restassured.RestAssured.given;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import io.restassured.path.json.JsonPath;
import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Supplier;

/** What the tests do as the other services would: events on their topics, and reading what arrived by SMTP. */
final class Scenario {

    private static KafkaPublisher publisher;

    final String tenantId = Ids.next("ten");
    final String token = InternalTokens.forTenant(tenantId, "appointments.read", "settings.read", "settings.write",
            "staff.write");

    private static synchronized KafkaPublisher publisher() {
        if (publisher == null) {
            publisher = new KafkaPublisher(KafkaTestResource.broker().bootstrapServers());
        }
        return publisher;
    }

    static String id(String prefix) {
        return Ids.next(prefix);
    }

    String customer(String firstName, String email, boolean optOut) {
        String id = id("cus");
        customerEvent("customer.created", id, firstName, email, optOut);
        return id;
    }

    void customerEvent(String type, String id, String firstName, String email, boolean optOut) {
        publish("slotwise.customer.events", id, type, """
                {"id":"%s","firstName":"%s","lastName":null,"email":%s,"phone":null,"notes":null,
                 "marketingConsent":false,"notificationsOptOut":%s,"createdAt":"2026-11-01T10:00:00Z",
                 "updatedAt":"2026-11-01T10:00:00Z"}""".formatted(id, firstName,
                email == null ? "null" : "\"" + email + "\"", optOut));
    }

    /** Publishes the event and answers its id. */
    String appointmentEvent(String type, String id, String customerId, Instant startsAt, String status) {
        return publish("slotwise.appointment.events", id, type, appointmentData(id, customerId, startsAt, status));
    }

    static String appointmentData(String id, String customerId, Instant startsAt, String status) {
        Instant start = startsAt.truncatedTo(ChronoUnit.SECONDS);
        var local = start.atZone(java.time.ZoneId.of("Europe/Berlin"));
        return """
                {"id":"%s","customerId":"%s","serviceId":"%s","staffId":"%s","date":"%s","time":"%s",
                 "timeZone":"Europe/Berlin","startsAt":"%s","endsAt":"%s","status":"%s","bufferBeforeMinutes":0,
                 "bufferAfterMinutes":0,"cancellation":null,
                 "segments":[{"serviceId":"%s","staffId":"%s","startsAt":"%s","endsAt":"%s"}]}""".formatted(id,
                customerId, DirectoryStub.SERVICE_ID, DirectoryStub.STAFF_ID, local.toLocalDate(),
                local.toLocalTime().toString().substring(0, 5), start, start.plus(45, ChronoUnit.MINUTES), status,
                DirectoryStub.SERVICE_ID, DirectoryStub.STAFF_ID, start, start.plus(45, ChronoUnit.MINUTES));
    }

    String publish(String topic, String key, String type, String data) {
        String eventId = id("evt");
        publishEnvelope(topic, key, eventId, type, data);
        return eventId;
    }

    void publishEnvelope(String topic, String key, String eventId, String type, String data) {
        publisher().send(topic, key, """
                {"id":"%s","type":"%s","tenantId":"%s","createdAt":"%s","data":%s}""".formatted(eventId, type,
                tenantId, Instant.now().truncatedTo(ChronoUnit.MILLIS), data));
    }

    JsonPath log(String appointmentId) {
        return given().auth().oauth2(token).queryParam("appointmentId", appointmentId)
                .get("/api/v1/notifications").then().statusCode(200).extract().jsonPath();
    }

    static List<MimeMessage> mailTo(String address) {
        return SmtpServer.received().stream().filter(message -> {
            try {
                return message.getAllRecipients() != null && message.getAllRecipients()[0].toString().equals(address);
            } catch (Exception e) {
                return false;
            }
        }).toList();
    }

    static String text(MimeMessage message) throws Exception {
        return part(message, "text/plain");
    }

    /** The invitation, its folded lines unfolded (RFC 5545 §3.1). */
    static String calendar(MimeMessage message) throws Exception {
        return part(message, "text/calendar").replace("\r\n ", "");
    }

    private static String part(MimeMessage message, String type) throws Exception {
        Multipart multipart = (Multipart) message.getContent();
        for (int i = 0; i < multipart.getCount(); i++) {
            BodyPart part = multipart.getBodyPart(i);
            if (part.getContentType().toLowerCase().startsWith(type)) {
                Object content = part.getContent();
                return content instanceof String s ? s : new String(part.getInputStream().readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("no " + type + " part in " + message.getSubject());
    }

    static <T> T eventually(Duration timeout, Supplier<T> check) {
        long until = System.nanoTime() + timeout.toNanos();
        AssertionError last = null;
        while (System.nanoTime() < until) {
            try {
                return check.get();
            } catch (AssertionError e) {
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw last == null ? new AssertionError("timed out") : last;
    }
}
