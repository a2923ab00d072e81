package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.assertProblem;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static dev.slotwise.stack.StackApi.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §17 through the gateway, as a Berlin business with a clinic in Lisbon meets it (every exchange checked
 * against the API description): the Lisbon staff's hours are Lisbon's, a facial takes the clinic's one treatment room,
 * so a second therapist cannot start one at the same time (409 {@code resource_unavailable}, explained as such), and
 * the appointment carries the location and the room.
 */
@ExtendWith(SharedStack.class)
@Timeout(240)
class LocationsIT {

    private static final ZoneId LISBON = ZoneId.of("Europe/Lisbon");

    @Test
    void aRoomIsTakenOnceAndLisbonsHoursAreLisbons() throws Exception {
        String tenant = createTenant("Locations IT", "Europe/Berlin", "pro");
        String key = createKey(tenant, "customers.write", "services.write", "staff.write", "settings.write",
                "appointments.read", "appointments.write").get("key").asText();
        String readOnly = createKey(tenant, "settings.read").get("key").asText();
        assertProblem(call("POST", "/api/v1/locations", readOnly, "{\"name\":\"X\",\"timeZone\":\"Europe/Lisbon\"}"),
                403, "insufficient_scope");
        String lisbon = created(call("POST", "/api/v1/locations", key,
                "{\"name\":\"Clinic Lisbon\",\"timeZone\":\"Europe/Lisbon\"}"));
        String room = created(call("POST", "/api/v1/resources", key,
                "{\"name\":\"Treatment room\",\"type\":\"treatment-room\",\"locationId\":\"" + lisbon + "\"}"));
        assertThat(ok(call("GET", "/api/v1/resources?type=treatment-room", readOnly, null)).get("data"))
                .extracting(resource -> resource.get("id").asText()).containsExactly(room);
        String facial = created(call("POST", "/api/v1/services", key, """
                {"name":"Facial","durationMinutes":60,"price":{"amount":7000,"currency":"EUR"},"bufferAfterMinutes":15,
                 "requiredResourceTypes":["treatment-room"]}"""));
        String ines = created(call("POST", "/api/v1/staff", key,
                "{\"name\":\"Ines\",\"locationId\":\"" + lisbon + "\"}"));
        String joana = created(call("POST", "/api/v1/staff", key,
                "{\"name\":\"Joana\",\"locationId\":\"" + lisbon + "\"}"));
        String customer = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Rosa\"}"));
        LocalDate day = LocalDate.now(LISBON).plusDays(7);
        for (String member : new String[] {ines, joana}) {
            ok(call("PUT", "/api/v1/staff/" + member + "/date-overrides/" + day, key,
                    "{\"ranges\":[{\"start\":\"09:00\",\"end\":\"12:00\"}]}"));
        }

        // 09:00 in Lisbon, not in Berlin (the tenant's zone): the first slot of the day
        String nine = ZonedDateTime.of(day, LocalTime.of(9, 0), LISBON).toInstant().toString();
        JsonNode slots = ok(call("GET", "/api/v1/availability?serviceId=" + facial + "&anyStaff=true&locationId="
                + lisbon + "&from=" + day.minusDays(1) + "T12:00:00Z&to=" + day.plusDays(1) + "T12:00:00Z", key,
                null)).get("data");
        assertThat(StackApi.slotStarts(slots)).first().isEqualTo(nine);

        JsonNode booked = answered201(call("POST", "/api/v1/appointments", key, """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}""".formatted(customer, facial, ines,
                nine)));
        assertThat(booked.get("locationId").asText()).isEqualTo(lisbon);
        assertThat(booked.get("resourceIds")).extracting(JsonNode::asText).containsExactly(room);

        // Joana is free, the room is not (until 10:15 with its cleaning time)
        JsonNode explained = ok(call("GET", "/api/v1/availability/explain?serviceId=" + facial + "&staffId=" + joana
                + "&startsAt=" + nine, key, null));
        assertThat(explained.get("available").asBoolean()).isFalse();
        assertThat(explained.get("reasons")).extracting(reason -> reason.get("code").asText())
                .contains("resource_unavailable");
        assertProblem(call("POST", "/api/v1/appointments", key, """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}""".formatted(customer, facial, joana,
                nine)), 409, "resource_unavailable");
        JsonNode after = ok(call("GET", "/api/v1/availability?serviceId=" + facial + "&anyStaff=true&locationId="
                + lisbon + "&from=" + day.minusDays(1) + "T12:00:00Z&to=" + day.plusDays(1) + "T12:00:00Z", key,
                null)).get("data");
        assertThat(StackApi.slotStarts(after)).first()
                .isEqualTo(ZonedDateTime.of(day, LocalTime.of(10, 15), LISBON).toInstant().toString());

        JsonNode listed = ok(call("GET", "/api/v1/appointments?locationId=" + lisbon, key, null)).get("data");
        assertThat(listed).extracting(appointment -> appointment.get("id").asText())
                .containsExactly(booked.get("id").asText());
    }

    private static JsonNode answered201(StackApi.Answer answer) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(201);
        return answer.body();
    }
}
