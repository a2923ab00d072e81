package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code metadata} on appointments (CONTRACT §19): stored, merged in any status, filtered, in events. */
@QuarkusTest
class AppointmentMetadataTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaEvents events;

    @BeforeAll
    static void follow() {
        events = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.appointment.events");
    }

    @AfterAll
    static void stop() {
        events.close();
    }

    private static String at(int daysAhead, int hour) {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(daysAhead, ChronoUnit.DAYS).plus(hour, ChronoUnit.HOURS)
                .toString();
    }

    private static String booking(Salon salon, String staff, String startsAt, String metadata) {
        return """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s","metadata":%s}"""
                .formatted(salon.customer, salon.haircut, staff, startsAt, metadata);
    }

    @Test
    void metadataIsKeptMergedInAnyStatusAndCarriedByEvents() throws Exception {
        Salon salon = new Salon();
        String plain = salon.desk().body(salon.booking(salon.grace, salon.haircut, at(2, 9)))
                .post("/api/v1/appointments").then().statusCode(201).body("metadata", equalTo(Map.of()))
                .extract().path("id");
        String id = salon.desk().body(booking(salon, salon.ada, at(2, 10), "{\"allergy\":\"latex\",\"room\":\"2\"}"))
                .post("/api/v1/appointments").then().statusCode(201)
                .body("metadata", equalTo(Map.of("allergy", "latex", "room", "2"))).extract().path("id");
        salon.desk().body("{}").post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);

        String updatedAt = salon.desk().get("/api/v1/appointments/" + id).then().extract().path("updatedAt");
        salon.desk().contentType("application/merge-patch+json").body("{\"metadata\":{\"room\":null,\"note\":\"x\"}}")
                .patch("/api/v1/appointments/" + id).then().statusCode(200)
                .body("status", equalTo("cancelled"))
                .body("metadata", equalTo(Map.of("allergy", "latex", "note", "x")));
        assertThat(updatedAt).isNotNull();

        ConsumerRecord<String, String> updated = events.await(
                v -> v.contains(id) && v.contains("appointment.updated") && v.contains("\"note\""),
                Duration.ofSeconds(20));
        JsonNode data = JSON.readTree(updated.value()).get("data");
        assertThat(data.get("metadata").get("allergy").asText()).isEqualTo("latex");
        assertThat(data.get("status").asText()).isEqualTo("cancelled");
        ConsumerRecord<String, String> created = events.await(
                v -> v.contains(plain) && v.contains("appointment.created"), Duration.ofSeconds(20));
        assertThat(JSON.readTree(created.value()).get("data").get("metadata").isObject()).isTrue();
    }

    @Test
    void limitsAre422AndAMixedPatchIsAReschedule() {
        Salon salon = new Salon();
        salon.desk().body(booking(salon, salon.ada, at(2, 10), "{\"bad key\":\"x\"}")).post("/api/v1/appointments")
                .then().statusCode(422).body("errors.field", hasItem("metadata"));
        String id = salon.desk().body(booking(salon, salon.ada, at(2, 10), "{}")).post("/api/v1/appointments")
                .then().statusCode(201).extract().path("id");
        salon.desk().contentType("application/merge-patch+json").body("{\"metadata\":{\"v\":1}}")
                .patch("/api/v1/appointments/" + id).then().statusCode(422);
        salon.desk().contentType("application/merge-patch+json")
                .body("{\"metadata\":{\"moved\":\"yes\"},\"startsAt\":\"" + at(2, 14) + "\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(200)
                .body("startsAt", equalTo(at(2, 14))).body("metadata", equalTo(Map.of("moved", "yes")));
        salon.desk().body("{}").post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);
        // a cancelled appointment cannot be rescheduled, metadata or not
        salon.desk().contentType("application/merge-patch+json")
                .body("{\"metadata\":{\"moved\":\"again\"},\"startsAt\":\"" + at(2, 16) + "\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(409).body("code", equalTo("invalid_transition"));
    }

    @Test
    void theListFiltersByOneMetadataValue() {
        Salon salon = new Salon();
        String ref = "ext-" + UUID.randomUUID();
        String match = salon.desk().body(booking(salon, salon.ada, at(3, 10), "{\"externalId\":\"" + ref + "\"}"))
                .post("/api/v1/appointments").then().statusCode(201).extract().path("id");
        salon.desk().body(booking(salon, salon.grace, at(3, 10), "{\"externalId\":\"other\"}"))
                .post("/api/v1/appointments").then().statusCode(201);
        salon.desk().queryParam("metadata[externalId]", ref).get("/api/v1/appointments").then().statusCode(200)
                .body("data.id", contains(match));
        salon.desk().queryParam("metadata[externalId]", ref).queryParam("status", "cancelled")
                .get("/api/v1/appointments").then().statusCode(200).body("data.size()", equalTo(0));
        salon.desk().queryParam("metadata[a]", "1").queryParam("metadata[b]", "2").get("/api/v1/appointments")
                .then().statusCode(400).body("code", equalTo("malformed_request"));
    }
}
