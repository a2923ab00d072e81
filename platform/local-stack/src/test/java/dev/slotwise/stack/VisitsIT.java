package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.assertProblem;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static dev.slotwise.stack.StackApi.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §16 through the gateway, as a salon's online booking meets it (every exchange also checked against the API
 * description): an any-staff search for "cut + colour", a hold of the slot it offered during checkout (which keeps it
 * from everyone else), the booking from the hold, and the whole visit moved.
 */
@ExtendWith(SharedStack.class)
@Timeout(240)
class VisitsIT {

    @Test
    void aVisitIsSearchedHeldBookedAndMovedThroughTheGateway() throws Exception {
        String tenant = createTenant("Visits IT", "Europe/Berlin", "pro");
        String key = createKey(tenant, "customers.write", "services.write", "staff.write", "appointments.read",
                "appointments.write").get("key").asText();
        String readOnly = createKey(tenant, "appointments.read").get("key").asText();
        String customer = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Ada\"}"));
        String cut = created(call("POST", "/api/v1/services", key,
                "{\"name\":\"Cut\",\"durationMinutes\":30,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}"));
        String colour = created(call("POST", "/api/v1/services", key, """
                {"name":"Colour","durationMinutes":60,"price":{"amount":9000,"currency":"EUR"},"bufferAfterMinutes":10}"""));
        String mia = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Mia\"}"));
        String noah = created(call("POST", "/api/v1/staff", key,
                "{\"name\":\"Noah\",\"serviceIds\":[\"" + cut + "\"]}"));
        String day = Instant.now().plus(Duration.ofDays(7)).atZone(ZoneId.of("Europe/Berlin")).toLocalDate().toString();
        for (String member : new String[] {mia, noah}) {
            ok(call("PUT", "/api/v1/staff/" + member + "/date-overrides/" + day, key,
                    "{\"ranges\":[{\"start\":\"09:00\",\"end\":\"13:00\"}]}"));
        }

        JsonNode slots = ok(call("GET", "/api/v1/availability?serviceIds=" + cut + "," + colour + "&anyStaff=true&from="
                + day + "T00:00:00Z&to=" + day + "T23:00:00Z&slotMinutes=30", key, null)).get("data");
        // 09:00 to 11:30 Berlin: the cut by Noah or Mia, the colour by Mia (the only colourist)
        assertThat(slots).hasSize(6);
        JsonNode first = slots.get(0);
        assertThat(first.get("segments")).hasSize(2);
        assertThat(first.get("segments").get(1).get("staffId").asText()).isEqualTo(mia);

        assertProblem(call("POST", "/api/v1/holds", readOnly, "{}"), 403, "insufficient_scope");
        JsonNode hold = answered201(call("POST", "/api/v1/holds", key, """
                {"startsAt":"%s","segments":[{"serviceId":"%s"},{"serviceId":"%s"}],"ttlSeconds":300}"""
                .formatted(first.get("startsAt").asText(), cut, colour)));
        assertThat(asOffered(hold.get("segments"))).isEqualTo(first.get("segments"));
        // held: nobody else gets Mia's colour hour, and the search no longer offers the slot
        assertProblem(call("POST", "/api/v1/appointments", key, """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}""".formatted(customer, colour, mia,
                first.get("segments").get(1).get("startsAt").asText())), 409, "appointment_conflict");
        JsonNode after = ok(call("GET", "/api/v1/availability?serviceIds=" + cut + "," + colour + "&anyStaff=true&from="
                + day + "T00:00:00Z&to=" + day + "T23:00:00Z&slotMinutes=30", key, null)).get("data");
        assertThat(StackApi.slotStarts(after)).doesNotContain(first.get("startsAt").asText());

        JsonNode visit = answered201(call("POST", "/api/v1/appointments", key, "{\"customerId\":\"" + customer
                + "\",\"holdId\":\"" + hold.get("id").asText() + "\"}"));
        assertThat(asOffered(visit.get("segments"))).isEqualTo(first.get("segments"));
        assertProblem(call("POST", "/api/v1/appointments", key, "{\"customerId\":\"" + customer + "\",\"holdId\":\""
                + hold.get("id").asText() + "\"}"), 409, "hold_expired");
        assertThat(ok(call("GET", "/api/v1/holds/" + hold.get("id").asText(), readOnly, null)).get("status").asText())
                .isEqualTo("used");

        String later = Instant.parse(first.get("startsAt").asText()).plus(Duration.ofHours(2)).toString();
        JsonNode moved = ok(call("PATCH", "/api/v1/appointments/" + visit.get("id").asText(), key,
                "{\"startsAt\":\"" + later + "\"}"));
        assertThat(moved.get("segments").get(0).get("startsAt").asText()).isEqualTo(later);
        assertThat(moved.get("endsAt").asText()).isEqualTo(Instant.parse(later).plus(Duration.ofMinutes(90)).toString());
    }

    /** Segments as a slot offers them: without the resources (CONTRACT §17) a booking or hold lists. */
    private static JsonNode asOffered(JsonNode segments) {
        JsonNode offered = segments.deepCopy();
        offered.forEach(segment -> ((ObjectNode) segment).remove("resourceIds"));
        return offered;
    }

    private static JsonNode answered201(StackApi.Answer answer) {
        assertThat(answer.status()).as(String.valueOf(answer.body())).isEqualTo(201);
        return answer.body();
    }
}
