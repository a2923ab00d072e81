package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.assertProblem;
import static dev.slotwise.stack.StackApi.call;
import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static dev.slotwise.stack.StackApi.created;
import static dev.slotwise.stack.StackApi.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONTRACT §15 through the gateway, as a salon's integrator meets it (every exchange also checked against the API
 * description): the policy and closures under the settings scopes, a service's buffer, a date override, the booking
 * window, explain agreeing with the search and with a refusal, a customer's late cancellation, and a no-show.
 */
@ExtendWith(SharedStack.class)
@Timeout(240)
class BookingRulesIT {

    @Test
    void theRulesOfABusinessHoldThroughTheGateway() throws Exception {
        String tenant = createTenant("Rules IT", "Europe/Berlin", "pro");
        String key = createKey(tenant, "customers.write", "services.write", "staff.write", "staff.read",
                "appointments.read", "appointments.write", "settings.read", "settings.write").get("key").asText();
        String noSettings = createKey(tenant, "appointments.read").get("key").asText();
        assertProblem(call("GET", "/api/v1/booking-policy", noSettings, null), 403, "insufficient_scope");

        JsonNode defaults = ok(call("GET", "/api/v1/booking-policy", key, null));
        assertThat(defaults.get("minNoticeMinutes").asInt()).isZero();
        assertThat(defaults.get("maxAdvanceDays").isNull()).isTrue();
        assertProblem(call("PUT", "/api/v1/booking-policy", key, "{\"minNoticeMinutes\":-1}"), 422,
                "validation_failed");
        ok(call("PUT", "/api/v1/booking-policy", key, """
                {"minNoticeMinutes":60,"maxAdvanceDays":30,"cancellationWindowMinutes":1440,
                 "maxAppointmentsPerStaffPerDay":null,"policyText":"Cancel a day ahead, please."}"""));

        String customer = created(call("POST", "/api/v1/customers", key, "{\"firstName\":\"Ada\"}"));
        String colour = created(call("POST", "/api/v1/services", key, """
                {"name":"Colour","durationMinutes":60,"price":{"amount":9000,"currency":"EUR"},"bufferAfterMinutes":10}"""));
        String cut = created(call("POST", "/api/v1/services", key,
                "{\"name\":\"Cut\",\"durationMinutes\":30,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}"));
        String mia = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Mia\"}"));
        // a day a week from now, opened by a date override from 09:00 to 13:00 Berlin time (weekly hours: none)
        String day = Instant.now().plus(Duration.ofDays(7)).atZone(java.time.ZoneId.of("Europe/Berlin"))
                .toLocalDate().toString();
        ok(call("PUT", "/api/v1/staff/" + mia + "/working-hours", key, "{\"weekly\":[]}"));
        ok(call("PUT", "/api/v1/staff/" + mia + "/date-overrides/" + day, key,
                "{\"ranges\":[{\"start\":\"09:00\",\"end\":\"13:00\"}]}"));
        List<String> slots = starts(call("GET", "/api/v1/availability?serviceId=" + colour + "&from=" + day
                + "T00:00:00Z&to=" + day + "T23:00:00Z&slotMinutes=60", key, null));
        assertThat(slots).hasSize(4);

        String nine = slots.get(0);
        String booked = created(call("POST", "/api/v1/appointments", key, booking(customer, colour, mia, nine)));
        // the colour's 10 minutes after it keep a cut at 10:00 out; explain names it, the search no longer offers it
        String ten = Instant.parse(nine).plus(Duration.ofHours(1)).toString();
        assertProblem(call("POST", "/api/v1/appointments", key, booking(customer, cut, mia, ten)), 409,
                "appointment_conflict");
        JsonNode why = ok(call("GET", "/api/v1/availability/explain?serviceId=" + cut + "&staffId=" + mia
                + "&startsAt=" + ten, key, null));
        assertThat(why.get("available").asBoolean()).isFalse();
        assertThat(why.get("reasons").get(0).get("code").asText()).isEqualTo("booked");
        assertThat(why.get("reasons").get(0).get("appointmentId").asText()).isEqualTo(booked);
        assertThat(starts(call("GET", "/api/v1/availability?serviceId=" + cut + "&staffId=" + mia + "&from=" + day
                + "T00:00:00Z&to=" + day + "T23:00:00Z&slotMinutes=10", key, null))).doesNotContain(ten)
                .contains(Instant.parse(ten).plus(Duration.ofMinutes(10)).toString());

        // too soon, on a closed day
        String soon = Instant.now().plus(Duration.ofMinutes(20)).truncatedTo(ChronoUnit.MINUTES).toString();
        assertProblem(call("POST", "/api/v1/appointments", key, booking(customer, cut, mia, soon)), 409,
                "outside_booking_window");
        String closure = created(call("POST", "/api/v1/closures", key, "{\"date\":\"" + day + "\",\"reason\":\"Inventory\"}"));
        assertProblem(call("POST", "/api/v1/appointments", key, booking(customer, cut, mia,
                Instant.parse(nine).plus(Duration.ofHours(2)).toString())), 409, "staff_unavailable");
        assertThat(ok(call("GET", "/api/v1/closures?from=" + day + "&to=" + day, key, null)).get("data"))
                .hasSize(1);
        assertThat(call("DELETE", "/api/v1/closures/" + closure, key, null).status()).isEqualTo(204);

        // a customer cannot cancel within a day of the start; the business can, and says why
        assertProblem(call("POST", "/api/v1/appointments/" + booked + "/no-show", key, null), 409,
                "invalid_transition");
        String later = created(call("POST", "/api/v1/appointments", key, booking(customer, cut, mia,
                Instant.parse(nine).plus(Duration.ofHours(3)).toString())));
        ok(call("PUT", "/api/v1/booking-policy", key, "{\"cancellationWindowMinutes\":43200}"));
        assertProblem(call("POST", "/api/v1/appointments/" + later + "/cancel", key,
                "{\"cancelledBy\":\"customer\",\"reason\":\"Ill\"}"), 409, "cancellation_window_passed");
        JsonNode cancelled = ok(call("POST", "/api/v1/appointments/" + later + "/cancel", key,
                "{\"reason\":\"Stylist ill\"}"));
        assertThat(cancelled.get("cancellation").get("cancelledBy").asText()).isEqualTo("business");
        assertThat(cancelled.get("cancellation").get("reason").asText()).isEqualTo("Stylist ill");

        // a walk-in a moment ago who never came (the policy's notice applies to bookings ahead, so lift it)
        ok(call("PUT", "/api/v1/booking-policy", key, "{}"));
        String lin = created(call("POST", "/api/v1/staff", key, "{\"name\":\"Lin\"}"));
        String walkIn = created(call("POST", "/api/v1/appointments", key, booking(customer, cut, lin,
                Instant.now().minusSeconds(20).truncatedTo(ChronoUnit.SECONDS).toString())));
        JsonNode noShow = ok(call("POST", "/api/v1/appointments/" + walkIn + "/no-show", key, null));
        assertThat(noShow.get("status").asText()).isEqualTo("no_show");
        assertProblem(call("POST", "/api/v1/appointments/" + walkIn + "/no-show", key, null), 409,
                "invalid_transition");
    }

    private static String booking(String customer, String service, String staff, String startsAt) {
        return "{\"customerId\":\"%s\",\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"%s\"}"
                .formatted(customer, service, staff, startsAt);
    }

    private static List<String> starts(StackApi.Answer answer) {
        List<String> starts = new ArrayList<>();
        ok(answer).get("data").forEach(slot -> starts.add(slot.get("startsAt").asText()));
        return starts;
    }
}
