package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@QuarkusTest
class StaffResourceTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaEvents events;
    private final String tenant = Ids.next("ten");

    @BeforeAll
    static void follow() {
        events = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.catalog.events");
    }

    @AfterAll
    static void stop() {
        events.close();
    }

    private RequestSpecification owner() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "staff.read", "staff.write"))
                .contentType(ContentType.JSON);
    }

    private String hire(String name) {
        return owner().body("{\"name\":\"" + name + "\",\"email\":\"" + name.toLowerCase() + "@salon.example\"}")
                .post("/api/v1/staff").then().statusCode(201).extract().path("id");
    }

    @Test
    void createReadAndPatchAStaffMember() {
        String id = owner().body("{\"name\":\"Grace\",\"email\":\"grace@salon.example\"}").post("/api/v1/staff")
                .then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/staff/stf_[0-9a-z]{26}"))
                .body("id", matchesPattern("stf_[0-9a-z]{26}"))
                .body("checkedIn", equalTo(false))
                .body("lastCheckInAt", nullValue())
                .body("lastCheckOutAt", nullValue())
                .body("createdAt", notNullValue())
                .extract().path("id");

        owner().body("{\"email\":null}").patch("/api/v1/staff/" + id)
                .then().statusCode(200).body("email", nullValue()).body("name", equalTo("Grace"));
        owner().body("{\"checkedIn\":true}").patch("/api/v1/staff/" + id)
                .then().statusCode(422).body("errors[0].field", equalTo("checkedIn"));
        owner().body("{\"email\":\"nope\"}").post("/api/v1/staff")
                .then().statusCode(422).body("errors.field", org.hamcrest.Matchers.hasItems("email", "name"));
        given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "staff.read")).get("/api/v1/staff/" + id)
                .then().statusCode(404);
    }

    @Test
    void checkInAndOutMoveTheStateAndEmitTheirEvents() throws Exception {
        String id = hire("Linus");

        owner().post("/api/v1/staff/" + id + "/check-in").then().statusCode(200)
                .body("checkedIn", equalTo(true)).body("lastCheckInAt", notNullValue());
        owner().post("/api/v1/staff/" + id + "/check-in").then().statusCode(409)
                .body("code", equalTo("already_checked_in"));
        owner().post("/api/v1/staff/" + id + "/check-out").then().statusCode(200)
                .body("checkedIn", equalTo(false)).body("lastCheckOutAt", notNullValue());
        owner().post("/api/v1/staff/" + id + "/check-out").then().statusCode(409)
                .body("code", equalTo("not_checked_in"));

        JsonNode checkin = JSON.readTree(events.await(v -> v.contains(id) && v.contains("staff.checkin"), WAIT).value());
        assertThat(checkin.get("tenantId").asText()).isEqualTo(tenant);
        assertThat(checkin.get("data").get("staffId").asText()).isEqualTo(id);
        assertThat(checkin.get("data").get("name").asText()).isEqualTo("Linus");
        assertThat(checkin.get("data").get("at").asText()).endsWith("Z");
        JsonNode checkout = JSON.readTree(events.await(v -> v.contains(id) && v.contains("staff.checkout"), WAIT).value());
        assertThat(checkout.get("data").get("staffId").asText()).isEqualTo(id);
        assertThat(events.all()).filteredOn(r -> r.value().contains(id)).hasSize(2);
    }

    @Test
    void racingCheckInsLetExactlyOneThrough() throws Exception {
        String id = hire("Barbara");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                calls.add(() -> owner().post("/api/v1/staff/" + id + "/check-in").statusCode());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> status : pool.invokeAll(calls)) {
                statuses.add(status.get());
            }
            assertThat(statuses).containsOnly(200, 409).filteredOn(s -> s == 200).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
