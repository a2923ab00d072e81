package dev.slotwise.appointment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every appointment change publishes its event, with the start in the tenant's time zone (CONTRACT §7). */
@QuarkusTest
class AppointmentEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaEvents events;
    private final Salon salon = new Salon();

    @BeforeAll
    static void follow() {
        events = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.appointment.events");
    }

    @AfterAll
    static void stop() {
        events.close();
    }

    /** The front desk of a salon in Berlin: the gateway puts the tenant's zone into the token. */
    private RequestSpecification berlin() {
        return given().auth().oauth2(InternalTokens.forTenantInZone(salon.tenant, "Europe/Berlin", "appointments.write"))
                .contentType(ContentType.JSON);
    }

    private JsonNode event(String id, String type) throws Exception {
        ConsumerRecord<String, String> record = events.await(v -> v.contains(id) && v.contains("\"" + type + "\""), WAIT);
        assertThat(record.key()).isEqualTo(id);
        return JSON.readTree(record.value());
    }

    @Test
    void theFourEventsCarryTheAppointmentWithLocalDateAndTime() throws Exception {
        String id = berlin().body(salon.booking(salon.ada, salon.haircut, "2030-06-30T22:30:00Z"))
                .post("/api/v1/appointments").then().statusCode(201).extract().path("id");

        JsonNode created = event(id, "appointment.created");
        assertThat(created.get("tenantId").asText()).isEqualTo(salon.tenant);
        JsonNode data = created.get("data");
        assertThat(data.get("id").asText()).isEqualTo(id);
        assertThat(data.get("customerId").asText()).isEqualTo(salon.customer);
        assertThat(data.get("serviceId").asText()).isEqualTo(salon.haircut);
        assertThat(data.get("staffId").asText()).isEqualTo(salon.ada);
        // 22:30 UTC on 30 June is 00:30 on 1 July in Berlin (summer time)
        assertThat(data.get("date").asText()).isEqualTo("2030-07-01");
        assertThat(data.get("time").asText()).isEqualTo("00:30");
        assertThat(data.get("timeZone").asText()).isEqualTo("Europe/Berlin");
        assertThat(data.get("startsAt").asText()).isEqualTo("2030-06-30T22:30:00Z");
        assertThat(data.get("endsAt").asText()).isEqualTo("2030-06-30T23:30:00Z");
        assertThat(data.get("status").asText()).isEqualTo("booked");

        berlin().body("{\"startsAt\":\"2030-07-01T08:15:00Z\"}").patch("/api/v1/appointments/" + id).then().statusCode(200);
        JsonNode updated = event(id, "appointment.updated").get("data");
        assertThat(updated.get("date").asText()).isEqualTo("2030-07-01");
        assertThat(updated.get("time").asText()).isEqualTo("10:15");
        assertThat(updated.get("endsAt").asText()).isEqualTo("2030-07-01T09:15:00Z");

        berlin().post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);
        assertThat(event(id, "appointment.cancelled").get("data").get("status").asText()).isEqualTo("cancelled");

        String other = salon.book(salon.grace, salon.trim, "2030-07-02T09:00:00Z");
        salon.desk().post("/api/v1/appointments/" + other + "/complete").then().statusCode(200);
        JsonNode completed = event(other, "appointment.completed").get("data");
        assertThat(completed.get("status").asText()).isEqualTo("completed");
        // a tenant without a zone setting gets UTC
        assertThat(completed.get("timeZone").asText()).isEqualTo("UTC");
        assertThat(completed.get("time").asText()).isEqualTo("09:00");
    }

    /** CONTRACT §7, §15: a no-show publishes appointment.no_show; a cancellation carries who cancelled and why. */
    @Test
    void aNoShowAndACancellationPublishTheirEventsWithTheFieldsOfSection15() throws Exception {
        String started = salon.book(salon.grace, salon.trim,
                java.time.Instant.now().minusSeconds(30).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        salon.desk().post("/api/v1/appointments/" + started + "/no-show").then().statusCode(200);
        JsonNode noShow = event(started, "appointment.no_show");
        assertThat(noShow.get("type").asText()).isEqualTo("appointment.no_show");
        assertThat(noShow.get("data").get("status").asText()).isEqualTo("no_show");
        assertThat(noShow.get("data").get("cancellation").isNull()).isTrue();

        String id = salon.book(salon.ada, salon.haircut, "2030-07-04T09:00:00Z");
        salon.desk().body("{\"reason\":\"moved away\",\"cancelledBy\":\"customer\"}")
                .post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);
        JsonNode cancelled = event(id, "appointment.cancelled").get("data");
        assertThat(cancelled.get("cancellation").get("reason").asText()).isEqualTo("moved away");
        assertThat(cancelled.get("cancellation").get("cancelledBy").asText()).isEqualTo("customer");
        assertThat(cancelled.get("bufferAfterMinutes").asInt()).isZero();
    }

    /** CONTRACT §7, §16: appointment.* carry the visit's segments (KafkaEvents holds each record to asyncapi.yaml). */
    @Test
    void aVisitsEventsCarryItsSegmentsAndAHoldPublishesNothing() throws Exception {
        String hold = salon.desk().body("""
                {"startsAt":"2030-07-08T09:00:00Z","serviceId":"%s","staffId":"%s"}""".formatted(salon.trim,
                salon.grace)).post("/api/v1/holds").then().statusCode(201).extract().path("id");
        String id = salon.desk().body("""
                {"customerId":"%s","startsAt":"2030-07-08T10:00:00Z","segments":[{"serviceId":"%s","staffId":"%s"},
                 {"serviceId":"%s","staffId":"%s"}]}""".formatted(salon.customer, salon.haircut, salon.ada,
                salon.trim, salon.grace)).post("/api/v1/appointments").then().statusCode(201).extract().path("id");

        JsonNode data = event(id, "appointment.created").get("data");
        assertThat(data.get("segments")).hasSize(2);
        assertThat(data.get("segments").get(1).get("staffId").asText()).isEqualTo(salon.grace);
        assertThat(data.get("segments").get(1).get("startsAt").asText()).isEqualTo("2030-07-08T11:00:00Z");
        assertThat(data.get("endsAt").asText()).isEqualTo("2030-07-08T11:30:00Z");

        salon.desk().body("{\"startsAt\":\"2030-07-08T12:00:00Z\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(200);
        JsonNode moved = event(id, "appointment.updated").get("data");
        assertThat(moved.get("segments").get(1).get("startsAt").asText()).isEqualTo("2030-07-08T13:00:00Z");
        // the hold was never published, not even once it was used
        String fromHold = salon.desk().body("{\"customerId\":\"%s\",\"holdId\":\"%s\"}".formatted(salon.customer,
                hold)).post("/api/v1/appointments").then().statusCode(201).extract().path("id");
        event(fromHold, "appointment.created");
        events.awaitCaughtUp(WAIT);
        assertThat(events.find(v -> v.contains(hold))).isEmpty();
    }

    @Test
    void aRefusedChangePublishesNothing() throws Exception {
        String id = salon.book(salon.ada, salon.haircut, "2030-07-03T09:00:00Z");
        salon.desk().body(salon.booking(salon.ada, salon.haircut, "2030-07-03T09:30:00Z")).post("/api/v1/appointments")
                .then().statusCode(409);
        salon.desk().post("/api/v1/appointments/" + id + "/complete").then().statusCode(200);
        salon.desk().post("/api/v1/appointments/" + id + "/complete").then().statusCode(409);

        event(id, "appointment.completed");
        assertThat(events.all()).filteredOn(r -> r.value().contains(salon.tenant)).hasSize(2);
    }
}
