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
    void theServicesAStaffMemberPerformsAreTheTenantsServicesAndNoneMeansAll() {
        String haircut = service("Haircut");
        String colour = service("Colour");
        String elsewhere = given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "services.write"))
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Trim\",\"durationMinutes\":30,\"price\":{\"amount\":100,\"currency\":\"EUR\"}}")
                .post("/api/v1/services").then().statusCode(201).extract().path("id");

        String mia = hire("Mia");
        owner().get("/api/v1/staff/" + mia).then().statusCode(200).body("serviceIds", org.hamcrest.Matchers.empty());
        String ben = owner().body("{\"name\":\"Ben\",\"serviceIds\":[\"" + haircut + "\",\"" + colour + "\",\""
                        + haircut + "\"]}").post("/api/v1/staff").then().statusCode(201)
                .body("serviceIds", org.hamcrest.Matchers.contains(haircut, colour)).extract().path("id");

        // another tenant's service, or no service at all, is named by its index; nothing changes
        owner().body("{\"serviceIds\":[\"" + colour + "\",\"" + elsewhere + "\",\"svc_nope\"]}").patch("/api/v1/staff/" + ben)
                .then().statusCode(422).body("code", equalTo("validation_failed"))
                .body("errors.field", org.hamcrest.Matchers.contains("serviceIds[1]", "serviceIds[2]"));
        owner().body("{\"serviceIds\":[1]}").patch("/api/v1/staff/" + ben).then().statusCode(422)
                .body("errors[0].field", org.hamcrest.Matchers.startsWith("serviceIds"));
        owner().get("/api/v1/staff/" + ben).then().statusCode(200)
                .body("serviceIds", org.hamcrest.Matchers.contains(haircut, colour));

        owner().body("{\"serviceIds\":[\"" + colour + "\"]}").patch("/api/v1/staff/" + ben).then().statusCode(200)
                .body("serviceIds", org.hamcrest.Matchers.contains(colour));
        owner().body("{\"serviceIds\":null}").patch("/api/v1/staff/" + ben).then().statusCode(200)
                .body("serviceIds", org.hamcrest.Matchers.empty());
    }

    @Test
    void staffAndServicePatchesHonourIfMatch() {
        String mia = hire("Mia");
        String etag = owner().get("/api/v1/staff/" + mia).then().statusCode(200).extract().header("ETag");
        owner().body("{\"name\":\"Mia B\"}").patch("/api/v1/staff/" + mia).then().statusCode(200);
        owner().header("If-Match", etag).body("{\"name\":\"Mia C\"}").patch("/api/v1/staff/" + mia)
                .then().statusCode(412).body("code", equalTo("precondition_failed"));
        // checking in changes the staff member too
        String current = owner().get("/api/v1/staff/" + mia).then().extract().header("ETag");
        owner().post("/api/v1/staff/" + mia + "/check-in").then().statusCode(200);
        owner().header("If-Match", current).body("{\"name\":\"Mia C\"}").patch("/api/v1/staff/" + mia)
                .then().statusCode(412);
        owner().get("/api/v1/staff/" + mia).then().body("name", equalTo("Mia B"));

        String trim = service("Trim");
        RequestSpecification catalog = given().auth().oauth2(InternalTokens.forTenant(tenant, "services.read",
                "services.write")).contentType(ContentType.JSON);
        String tag = catalog.get("/api/v1/services/" + trim).then().statusCode(200).extract().header("ETag");
        String next = catalog.header("If-Match", tag).body("{\"durationMinutes\":45}").patch("/api/v1/services/" + trim)
                .then().statusCode(200).extract().header("ETag");
        given().auth().oauth2(InternalTokens.forTenant(tenant, "services.write")).contentType(ContentType.JSON)
                .header("If-Match", tag).body("{\"durationMinutes\":50}").patch("/api/v1/services/" + trim)
                .then().statusCode(412).body("code", equalTo("precondition_failed"));
        given().auth().oauth2(InternalTokens.forTenant(tenant, "services.read")).get("/api/v1/services/" + trim)
                .then().body("durationMinutes", equalTo(45)).header("ETag", equalTo(next));
    }

    private String service(String name) {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "services.write")).contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"durationMinutes\":30,\"price\":{\"amount\":100,\"currency\":\"EUR\"}}")
                .post("/api/v1/services").then().statusCode(201).extract().path("id");
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
