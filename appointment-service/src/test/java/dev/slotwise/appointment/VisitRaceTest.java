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
 * CONTRACT §16 under races: the exclusion constraint over every segment and every live hold decides, so visits,
 * bookings and holds racing for one staff member's time leave exactly one winner.
 */
@QuarkusTest
class VisitRaceTest {

    private static final String DAY = "2030-05-13";

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

    private String visit(String startsAt) {
        return """
                {"customerId":"%s","startsAt":"%s","segments":[{"serviceId":"%s","staffId":"%s"},
                 {"serviceId":"%s","staffId":"%s"}]}""".formatted(salon.customer, startsAt, salon.haircut, salon.ada,
                salon.trim, salon.grace);
    }

    @Test
    void twentyConcurrentHoldsOfOneSlotHoldExactlyOne() throws Exception {
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(() -> salon.desk().body("""
                    {"startsAt":"%sT09:00:00Z","segments":[{"serviceId":"%s","staffId":"%s"}]}""".formatted(DAY,
                    salon.trim, salon.ada)).post("/api/v1/holds").statusCode());
        }

        List<Integer> statuses = race(calls);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(19);
    }

    /** Visits whose second segment takes Grace race single bookings of Grace's time then: one wins, in all. */
    @Test
    void visitsAndBookingsRacingForOneStaffMembersTimeBookExactlyOne() throws Exception {
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(() -> salon.desk().body(visit(DAY + "T09:00:00Z")).post("/api/v1/appointments").statusCode());
            String startsAt = DAY + "T10:%02d:00Z".formatted(i * 2);
            calls.add(() -> salon.desk().body(salon.booking(salon.grace, salon.trim, startsAt))
                    .post("/api/v1/appointments").statusCode());
        }

        List<Integer> statuses = race(calls);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(19);
        // all or nothing: if a single booking won, no visit left its first segment with Ada
        int booked = salon.desk().queryParam("staffId", salon.ada).queryParam("status", "booked")
                .get("/api/v1/appointments").then().statusCode(200).extract().path("data.size()");
        int graceBooked = salon.desk().queryParam("staffId", salon.grace).queryParam("status", "booked")
                .get("/api/v1/appointments").then().statusCode(200).extract().path("data.size()");
        assertThat(booked + graceBooked).isEqualTo(1);
    }

    @Test
    void holdsAndBookingsRacingForOneSlotLeaveExactlyOne() throws Exception {
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(() -> salon.desk().body("""
                    {"startsAt":"%sT14:00:00Z","serviceId":"%s","staffId":"%s"}""".formatted(DAY, salon.haircut,
                    salon.ada)).post("/api/v1/holds").statusCode());
            // trims of 30 minutes that all overlap each other and the held hour
            String startsAt = DAY + "T14:%02d:00Z".formatted(i * 3);
            calls.add(() -> salon.desk().body(salon.booking(salon.ada, salon.trim, startsAt))
                    .post("/api/v1/appointments").statusCode());
        }

        List<Integer> statuses = race(calls);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(1);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(19);
    }

    /** Under a daily limit a live hold counts toward the day, so the booking from it cannot be refused by the limit. */
    @Test
    void holdsCountTowardTheDailyLimitExactlyUnderRaces() throws Exception {
        salon.policy("{\"maxAppointmentsPerStaffPerDay\":2}");
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String startsAt = DAY + "T%02d:00:00Z".formatted(8 + i);
            calls.add(() -> salon.desk().body("""
                    {"startsAt":"%s","serviceId":"%s","staffId":"%s"}""".formatted(startsAt, salon.trim,
                    salon.grace)).post("/api/v1/holds").statusCode());
        }

        List<Integer> statuses = race(calls);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(2);
        assertThat(statuses).filteredOn(s -> s == 409).hasSize(8);
        salon.desk().body(salon.booking(salon.grace, salon.trim, DAY + "T19:00:00Z")).post("/api/v1/appointments")
                .then().statusCode(409).body("code", org.hamcrest.Matchers.equalTo("daily_limit_reached"));
    }
}
