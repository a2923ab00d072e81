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

/** Double booking is impossible however close the race: the database decides, not a read-then-write check. */
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
