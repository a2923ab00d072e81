package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The seal customer-service asks for before it erases a customer (CONTRACT §19): 409 while the customer has a booked
 * appointment ahead, and afterwards no booking can name the id — also when the customer-service lookup still finds
 * the customer (a booking that raced the erasure), and also when bookings and the seal run at the same moment.
 */
@QuarkusTest
class CustomerErasureTest {

    private static String at(int daysAhead, int hour) {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(daysAhead, ChronoUnit.DAYS).plus(hour, ChronoUnit.HOURS)
                .toString();
    }

    private static RequestSpecification internal(Salon salon) {
        return RestAssured.given().auth().oauth2(InternalTokens.forTenant(salon.tenant, "customers.write"));
    }

    @Test
    void aBookingAheadRefusesTheSealAndASealedIdCannotBeBooked() {
        Salon salon = new Salon();
        String appointment = salon.desk().body(salon.booking(salon.ada, salon.haircut, at(3, 10)))
                .post("/api/v1/appointments").then().statusCode(201).extract().path("id");

        internal(salon).post("/internal/v1/customer-erasures/" + salon.customer).then().statusCode(409)
                .contentType("application/problem+json")
                .body("code", equalTo("customer_has_upcoming_appointments"));
        // refused: the customer can still book
        salon.desk().body(salon.booking(salon.grace, salon.haircut, at(3, 12))).post("/api/v1/appointments")
                .then().statusCode(201);

        salon.desk().body("{}").post("/api/v1/appointments/" + appointment + "/cancel").then().statusCode(200);
        salon.desk().get("/api/v1/appointments?customerId=" + salon.customer + "&status=booked").then()
                .statusCode(200);
        List<String> booked = salon.desk().queryParam("customerId", salon.customer).queryParam("status", "booked")
                .get("/api/v1/appointments").then().extract().path("data.id");
        for (String id : booked) {
            salon.desk().body("{}").post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);
        }

        internal(salon).post("/internal/v1/customer-erasures/" + salon.customer).then().statusCode(204);
        internal(salon).post("/internal/v1/customer-erasures/" + salon.customer).then().statusCode(204);

        // customer-service still knows the customer here (its row goes after the seal): the database refuses
        salon.desk().body(salon.booking(salon.ada, salon.haircut, at(4, 10))).post("/api/v1/appointments")
                .then().statusCode(422).body("code", equalTo("validation_failed"))
                .body("errors.field", hasItem("customerId"));
        // ... also when the booking comes from a hold (CONTRACT §16), which then stays unused
        String hold = salon.desk().body("{\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"%s\"}".formatted(
                salon.haircut, salon.ada, at(4, 12))).post("/api/v1/holds").then().statusCode(201).extract().path("id");
        salon.desk().body("{\"customerId\":\"%s\",\"holdId\":\"%s\"}".formatted(salon.customer, hold))
                .post("/api/v1/appointments").then().statusCode(422).body("code", equalTo("validation_failed"))
                .body("errors.field", hasItem("customerId"));
        salon.desk().get("/api/v1/holds/" + hold).then().statusCode(200).body("status", equalTo("active"));
        // the past and cancelled appointments remain, with the id
        salon.desk().get("/api/v1/appointments/" + appointment).then().statusCode(200)
                .body("customerId", equalTo(salon.customer));
    }

    @Test
    void aSealIsPerTenant() {
        Salon salon = new Salon();
        Salon other = new Salon();
        internal(other).post("/internal/v1/customer-erasures/" + salon.customer).then().statusCode(204);
        salon.desk().body(salon.booking(salon.ada, salon.haircut, at(2, 10))).post("/api/v1/appointments")
                .then().statusCode(201);
    }

    /** Bookings racing the seal: whatever wins, an erased customer never holds a booked appointment. */
    @Test
    void bookingsRacingTheSealNeverLeaveASealedCustomerWithABooking() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 4; round++) {
                Salon salon = new Salon();
                List<String> staff = List.of(salon.ada, salon.grace, salon.staff("Barbara"), salon.staff("Frances"));
                List<Callable<Response>> requests = new ArrayList<>();
                for (int i = 0; i < staff.size(); i++) {
                    String body = salon.booking(staff.get(i), salon.haircut, at(5, 9 + i));
                    requests.add(() -> salon.desk().body(body).post("/api/v1/appointments"));
                }
                requests.add(2, () -> internal(salon).post("/internal/v1/customer-erasures/" + salon.customer));
                List<Integer> statuses = new ArrayList<>();
                for (Future<Response> answer : pool.invokeAll(requests)) {
                    statuses.add(answer.get().statusCode());
                }
                int seal = statuses.remove(2);
                assertThat(statuses).allMatch(status -> status == 201 || status == 422);
                List<String> booked = salon.desk().queryParam("customerId", salon.customer)
                        .queryParam("status", "booked").get("/api/v1/appointments").then().statusCode(200)
                        .extract().path("data.id");
                if (seal == 204) {
                    assertThat(booked).as("sealed, yet booked").isEmpty();
                } else {
                    assertThat(seal).isEqualTo(409);
                    assertThat(booked).isNotEmpty();
                }
                assertThat(booked).hasSize((int) statuses.stream().filter(status -> status == 201).count());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
