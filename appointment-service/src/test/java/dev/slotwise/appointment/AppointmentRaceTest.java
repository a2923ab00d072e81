package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Double booking, buffers included, and a full day are impossible however close the race: the database decides (the
 * exclusion constraint, the lock of a staff member's day), not a read-then-write check.
 */
@QuarkusTest
class AppointmentRaceTest {

    private final Salon salon = new Salon();
    private final ExecutorService pool = Executors.newFixedThreadPool(20);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private List<Integer> race(List<Callable<Integer>> calls) throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> status : pool.invokeAll(calls)) {
            statuses.add(status.get());
        }
        return statuses;
    }

    @Test
    void twentyConcurrentBookingsOfOneSlotCreateExactlyOne() throws Exception {
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // the same staff member, overlapping starts
            String startsAt = "2030-04-01T09:%02d:00Z".formatted(i);
            calls.add(() -> salon.desk().body(salon.booking(salon.ada, salon.haircut, startsAt))
                    .post("/api/v1/appointments").statusCode());
        }

        List<Integer> statuses = race(calls);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(19);
        salon.desk().queryParam("staffId", salon.ada).queryParam("status", "booked").get("/api/v1/appointments")
                .then().statusCode(200).body("data.size()", org.hamcrest.Matchers.equalTo(1));
    }

    /** CONTRACT §15: the daily limit holds exactly when bookings of distinct, free slots race for one day. */
    @Test
    void twentyConcurrentBookingsOfDistinctSlotsUnderALimitOfThreeCreateExactlyThree() throws Exception {
        Salon limited = new Salon("America/New_York");
        limited.policy("{\"maxAppointmentsPerStaffPerDay\":3}");
        List<Callable<io.restassured.response.Response>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // one local day in New York (UTC-4 in April: 04:00Z to 04:00Z), 30-minute trims that never overlap
            String startsAt = java.time.Instant.parse("2030-04-03T12:00:00Z").plusSeconds(i * 1800L).toString();
            calls.add(() -> limited.desk().body(limited.booking(limited.ada, limited.trim, startsAt))
                    .post("/api/v1/appointments"));
        }

        List<io.restassured.response.Response> answers = new ArrayList<>();
        for (Future<io.restassured.response.Response> answer : pool.invokeAll(calls)) {
            answers.add(answer.get());
        }

        assertThat(answers).filteredOn(a -> a.statusCode() == 201).hasSize(3);
        assertThat(answers).filteredOn(a -> a.statusCode() == 409)
                .extracting(a -> a.<String>path("code")).hasSize(17).containsOnly("daily_limit_reached");
        limited.desk().queryParam("staffId", limited.ada).queryParam("status", "booked").get("/api/v1/appointments")
                .then().statusCode(200).body("data.size()", org.hamcrest.Matchers.equalTo(3));
        // the search offers none of her slots that day, and another staff member's as before
        limited.hours(limited.ada, "wednesday 00:00-24:00", "thursday 00:00-24:00");
        limited.hours(limited.grace, "wednesday 00:00-24:00");
        List<String> staff = limited.desk().get("/api/v1/availability?serviceId=" + limited.trim
                + "&from=2030-04-03T04:00:00Z&to=2030-04-05T04:00:00Z&slotMinutes=60").then().statusCode(200)
                .extract().path("data.findAll { it.startsAt < '2030-04-04T04:00:00Z' }.staffId");
        assertThat(staff).hasSize(24).containsOnly(limited.grace);
        // the next local day (from 04:00Z) is hers again
        limited.book(limited.ada, limited.trim, "2030-04-04T04:00:00Z");
    }

    /** CONTRACT §15: two appointments whose times do not overlap but whose buffers do are a conflict, also racing. */
    @Test
    void bookingsRacingIntoEachOthersBuffersCreateExactlyOne() throws Exception {
        String colour = salon.service("Colour", 60, 0, 30);
        List<Callable<Integer>> calls = new ArrayList<>();
        calls.add(() -> salon.desk().body(salon.booking(salon.ada, colour, "2030-04-04T09:00:00Z"))
                .post("/api/v1/appointments").statusCode());
        for (int i = 0; i < 9; i++) {
            // each starts when the colour ends, or in the 30 minutes after it
            String startsAt = "2030-04-04T10:%02d:00Z".formatted(i * 3);
            calls.add(() -> salon.desk().body(salon.booking(salon.ada, salon.trim, startsAt))
                    .post("/api/v1/appointments").statusCode());
        }

        List<Integer> statuses = race(calls);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(9);
    }

    @Test
    void twoReschedulesRacingIntoOneSlotMoveOnlyOne() throws Exception {
        String first = salon.book(salon.ada, salon.haircut, "2030-04-02T09:00:00Z");
        String second = salon.book(salon.ada, salon.haircut, "2030-04-02T11:00:00Z");
        List<Callable<Integer>> calls = List.of(
                () -> salon.desk().body("{\"startsAt\":\"2030-04-02T14:00:00Z\"}").patch("/api/v1/appointments/" + first).statusCode(),
                () -> salon.desk().body("{\"startsAt\":\"2030-04-02T14:30:00Z\"}").patch("/api/v1/appointments/" + second).statusCode());

        List<Integer> statuses = race(calls);

        assertThat(statuses).containsExactlyInAnyOrder(200, 409);
    }
}
