package dev.slotwise.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * The one lookup appointment-service's rule engine reads the catalog through ({@code /internal/v1/booking-context}):
 * the policy, the services with buffers, the staff's calendars (weekly hours, overrides and time off of the window)
 * and the closed days, all of one tenant, read fresh.
 */
@QuarkusTest
class BookingContextTest {

    private static final String ZONE = "America/New_York";
    private final String tenant = Ids.next("ten");
    private final ZoneId zone = ZoneId.of(ZONE);

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenantInZone(tenantId, ZONE, scopes))
                .contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "services.write", "staff.write", "settings.write");
    }

    private String create(String path, String body) {
        return owner().body(body).post(path).then().statusCode(201).extract().path("id");
    }

    @Test
    void everythingADecisionNeedsComesInOneAnswer() {
        String colour = create("/api/v1/services", """
                {"name":"Colour","durationMinutes":90,"price":{"amount":9000,"currency":"EUR"},"bufferAfterMinutes":10}""");
        String cut = create("/api/v1/services", """
                {"name":"Cut","durationMinutes":30,"price":{"amount":3000,"currency":"EUR"}}""");
        String mia = create("/api/v1/staff", "{\"name\":\"Mia\",\"serviceIds\":[\"" + colour + "\"]}");
        String noah = create("/api/v1/staff", "{\"name\":\"Noah\",\"serviceIds\":[\"" + cut + "\"]}");
        String ida = create("/api/v1/staff", "{\"name\":\"Ida\"}");
        owner().body("{\"weekly\":[{\"day\":\"monday\",\"start\":\"09:00\",\"end\":\"17:00\"}]}")
                .put("/api/v1/staff/" + mia + "/working-hours").then().statusCode(200);
        owner().body("{\"minNoticeMinutes\":60,\"maxAppointmentsPerStaffPerDay\":4}").put("/api/v1/booking-policy")
                .then().statusCode(200);

        LocalDate first = LocalDate.now(zone).plusDays(10);
        Instant from = first.atStartOfDay(zone).toInstant();
        Instant to = first.plusDays(7).atStartOfDay(zone).toInstant();
        owner().body("{\"ranges\":[{\"start\":\"10:00\",\"end\":\"14:00\"}]}")
                .put("/api/v1/staff/" + mia + "/date-overrides/" + first.plusDays(2)).then().statusCode(200);
        // outside the window and the day around it: not sent
        owner().body("{\"ranges\":[]}").put("/api/v1/staff/" + mia + "/date-overrides/" + first.plusDays(30))
                .then().statusCode(200);
        owner().body("{\"startsAt\":\"%s\",\"endsAt\":\"%s\"}".formatted(from.plus(1, ChronoUnit.DAYS),
                from.plus(2, ChronoUnit.DAYS))).post("/api/v1/staff/" + mia + "/time-off").then().statusCode(201);
        owner().body("{\"startsAt\":\"%s\",\"endsAt\":\"%s\"}".formatted(to.plus(1, ChronoUnit.DAYS),
                to.plus(2, ChronoUnit.DAYS))).post("/api/v1/staff/" + mia + "/time-off").then().statusCode(201);
        create("/api/v1/closures", "{\"date\":\"" + first.plusDays(4) + "\"}");
        create("/api/v1/closures", "{\"date\":\"" + first.plusDays(4) + "\",\"reason\":\"twice\"}");
        create("/api/v1/closures", "{\"date\":\"" + first.minusDays(5) + "\"}");

        // every member who performs the colour: Mia (named) and Ida (every service), not Noah
        as(tenant, "appointments.write").queryParam("serviceId", colour).queryParam("from", from.toString())
                .queryParam("to", to.toString()).get("/internal/v1/booking-context").then().statusCode(200)
                .body("policy.minNoticeMinutes", equalTo(60)).body("policy.maxAdvanceDays", nullValue())
                .body("policy.maxAppointmentsPerStaffPerDay", equalTo(4))
                .body("services", hasSize(1)).body("services[0].id", equalTo(colour))
                .body("services[0].durationMinutes", equalTo(90)).body("services[0].bufferBeforeMinutes", equalTo(0))
                .body("services[0].bufferAfterMinutes", equalTo(10)).body("services[0].active", equalTo(true))
                .body("staff.id", containsInAnyOrder(mia, ida))
                .body("staff.find { it.id == '" + mia + "' }.weekly[0].start", equalTo("09:00"))
                .body("staff.find { it.id == '" + mia + "' }.dateOverrides.date", contains(first.plusDays(2).toString()))
                .body("staff.find { it.id == '" + mia + "' }.dateOverrides[0].ranges[0].end", equalTo("14:00"))
                .body("staff.find { it.id == '" + mia + "' }.timeOff", hasSize(1))
                .body("staff.find { it.id == '" + ida + "' }.weekly", hasSize(0))
                // one closed day, however many closures it has
                .body("closures.date", contains(first.plusDays(4).toString()));

        // named staff: only those, performing or not; unknown and malformed ids are left out
        as(tenant, "appointments.write").queryParam("serviceId", cut).queryParam("staffId", noah, mia,
                        Ids.next("stf"), "stf_x").queryParam("from", from.toString()).queryParam("to", to.toString())
                .get("/internal/v1/booking-context").then().statusCode(200)
                .body("staff.id", containsInAnyOrder(noah, mia)).body("services.id", contains(cut));
        // without a service or staff member: the policy and closures alone
        as(tenant, "appointments.write").queryParam("from", from.toString()).queryParam("to", to.toString())
                .get("/internal/v1/booking-context").then().statusCode(200)
                .body("staff", hasSize(0)).body("services", hasSize(0)).body("policy.minNoticeMinutes", equalTo(60));
        // another tenant's token reads its own (empty) catalog
        as(Ids.next("ten"), "appointments.write").queryParam("serviceId", colour).queryParam("staffId", mia)
                .queryParam("from", from.toString()).queryParam("to", to.toString())
                .get("/internal/v1/booking-context").then().statusCode(200)
                .body("staff", hasSize(0)).body("services", hasSize(0)).body("closures", hasSize(0))
                .body("policy.minNoticeMinutes", equalTo(0));
    }

    @Test
    void staffCarryTheirLocationsZoneAndTheActiveResourcesOfTheRequiredTypesCome() {
        String island = create("/api/v1/locations", "{\"name\":\"Island\",\"timeZone\":\"Pacific/Kiritimati\"}");
        String facial = create("/api/v1/services", """
                {"name":"Facial","durationMinutes":60,"price":{"amount":9000,"currency":"EUR"},
                 "requiredResourceTypes":["room","laser"]}""");
        String cut = create("/api/v1/services", """
                {"name":"Cut","durationMinutes":30,"price":{"amount":3000,"currency":"EUR"}}""");
        String mia = create("/api/v1/staff", "{\"name\":\"Mia\",\"locationId\":\"" + island + "\"}");
        String noah = create("/api/v1/staff", "{\"name\":\"Noah\"}");
        String room2 = create("/api/v1/resources", "{\"name\":\"Room 2\",\"type\":\"room\",\"locationId\":\"" + island + "\"}");
        String room1 = create("/api/v1/resources", "{\"name\":\"Room 1\",\"type\":\"room\"}");
        String laser = create("/api/v1/resources", "{\"name\":\"Laser\",\"type\":\"laser\",\"locationId\":\"" + island + "\"}");
        String retired = create("/api/v1/resources", "{\"name\":\"Old laser\",\"type\":\"laser\"}");
        create("/api/v1/resources", "{\"name\":\"Chair\",\"type\":\"chair\"}");
        owner().body("{\"active\":false}").patch("/api/v1/resources/" + retired).then().statusCode(200);
        // the window ends at 23:00 in New York, 18:00 of the next day on the island (UTC+14): the island's day after
        // that is sent, which New York's calendar alone would leave out
        LocalDate day = LocalDate.now(zone).plusDays(10);
        create("/api/v1/closures", "{\"date\":\"" + day.plusDays(2) + "\",\"locationId\":\"" + island + "\"}");
        Instant from = day.atStartOfDay(zone).toInstant();
        Instant to = day.atTime(23, 0).atZone(zone).toInstant();

        as(tenant, "appointments.write").queryParam("serviceId", facial).queryParam("from", from.toString())
                .queryParam("to", to.toString()).get("/internal/v1/booking-context").then().statusCode(200)
                .body("services[0].requiredResourceTypes", contains("room", "laser"))
                .body("staff.find { it.id == '" + mia + "' }.locationId", equalTo(island))
                .body("staff.find { it.id == '" + mia + "' }.timeZone", equalTo("Pacific/Kiritimati"))
                .body("staff.find { it.id == '" + noah + "' }.locationId", nullValue())
                .body("staff.find { it.id == '" + noah + "' }.timeZone", nullValue())
                // active resources of the required types only, by id, each with its type and location
                .body("resources.id", contains(sorted(room2, room1, laser)))
                .body("resources.find { it.id == '" + room1 + "' }.locationId", nullValue())
                .body("resources.find { it.id == '" + laser + "' }.type", equalTo("laser"))
                .body("resources.find { it.id == '" + laser + "' }.locationId", equalTo(island))
                .body("closures.locationId", contains(island));
        // a service that requires nothing brings no resources
        as(tenant, "appointments.write").queryParam("serviceId", cut).queryParam("from", from.toString())
                .queryParam("to", to.toString()).get("/internal/v1/booking-context").then().statusCode(200)
                .body("resources", hasSize(0));
    }

    private static String[] sorted(String... ids) {
        return java.util.Arrays.stream(ids).sorted().toArray(String[]::new);
    }

    @Test
    void aWindowMustBeReadableAndNeedsAToken() {
        Instant now = Instant.now();
        as(tenant, "appointments.read").queryParam("from", now.toString()).get("/internal/v1/booking-context")
                .then().statusCode(400);
        as(tenant, "appointments.read").queryParam("from", now.toString())
                .queryParam("to", now.minusSeconds(1).toString()).get("/internal/v1/booking-context")
                .then().statusCode(400);
        given().queryParam("from", now.toString()).queryParam("to", now.plusSeconds(60).toString())
                .get("/internal/v1/booking-context").then().statusCode(401);
    }
}
