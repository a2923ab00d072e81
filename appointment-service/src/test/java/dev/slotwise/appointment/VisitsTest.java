package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §16 against the real catalog, customer-service and PostgreSQL: visits of several services, staff assigned
 * when left out, the search for visits and any staff, holds, and a visit moved as a whole.
 */
@QuarkusTest
class VisitsTest {

    private static final String DAY = "2030-05-06"; // a Monday

    private final Salon salon = new Salon();

    @Inject
    Pool pool;

    private String visit(String startsAt, String... serviceStaff) {
        StringBuilder segments = new StringBuilder();
        for (int i = 0; i < serviceStaff.length; i += 2) {
            segments.append(segments.length() == 0 ? "" : ",").append("{\"serviceId\":\"").append(serviceStaff[i])
                    .append('"').append(serviceStaff[i + 1] == null ? "" : ",\"staffId\":\"" + serviceStaff[i + 1] + "\"")
                    .append('}');
        }
        return "{\"customerId\":\"%s\",\"startsAt\":\"%s\",\"segments\":[%s]}".formatted(salon.customer, startsAt,
                segments);
    }

    private JsonPath post(String path, String body, int status) {
        return salon.desk().body(body).post(path).then().statusCode(status).extract().jsonPath();
    }

    private void workMonday(String... staff) {
        for (String member : staff) {
            salon.hours(member, "monday 08:00-20:00");
        }
    }

    @Test
    void aVisitBooksEverySegmentWithItsStaffMemberOneAfterAnother() {
        JsonPath booked = post("/api/v1/appointments", visit(DAY + "T09:00:00Z", salon.haircut, salon.ada,
                salon.trim, salon.grace), 201);

        assertThat(booked.getString("serviceId")).isEqualTo(salon.haircut);
        assertThat(booked.getString("staffId")).isEqualTo(salon.ada);
        assertThat(booked.getString("startsAt")).isEqualTo(DAY + "T09:00:00Z");
        assertThat(booked.getString("endsAt")).isEqualTo(DAY + "T10:30:00Z");
        assertThat(booked.getList("segments")).isEqualTo(List.of(
                Map.of("serviceId", salon.haircut, "staffId", salon.ada, "startsAt", DAY + "T09:00:00Z",
                        "endsAt", DAY + "T10:00:00Z", "resourceIds", List.of()),
                Map.of("serviceId", salon.trim, "staffId", salon.grace, "startsAt", DAY + "T10:00:00Z",
                        "endsAt", DAY + "T10:30:00Z", "resourceIds", List.of())));
        // the second segment occupies Grace: she is not free at 10:15, Ada is from 10:00
        salon.desk().body(salon.booking(salon.grace, salon.trim, DAY + "T10:15:00Z")).post("/api/v1/appointments")
                .then().statusCode(409).body("code", equalTo("appointment_conflict"));
        salon.book(salon.ada, salon.trim, DAY + "T10:00:00Z");
        // a single service is a visit of one segment
        salon.desk().get("/api/v1/appointments/" + salon.book(salon.grace, salon.haircut, DAY + "T12:00:00Z"))
                .then().statusCode(200).body("segments", hasSize(1)).body("segments[0].staffId", equalTo(salon.grace));
    }

    @Test
    void oneRefusedSegmentRefusesTheWholeVisitAndBooksNothing() {
        salon.book(salon.grace, salon.trim, DAY + "T10:10:00Z");

        salon.desk().body(visit(DAY + "T09:00:00Z", salon.haircut, salon.ada, salon.trim, salon.grace))
                .post("/api/v1/appointments").then().statusCode(409).body("code", equalTo("appointment_conflict"));

        salon.desk().queryParam("staffId", salon.ada).get("/api/v1/appointments").then().statusCode(200)
                .body("data", hasSize(0));
        // Ada's part was never taken
        salon.book(salon.ada, salon.haircut, DAY + "T09:00:00Z");
    }

    @Test
    void twoSegmentsWithOneStaffMemberDoNotStandInEachOthersBuffers() {
        String colour = salon.service("Colour", 60, 0, 15);
        String wash = salon.service("Wash", 15, 10, 0);

        JsonPath booked = post("/api/v1/appointments", visit(DAY + "T09:00:00Z", colour, salon.ada, wash,
                salon.ada), 201);

        assertThat(booked.getString("endsAt")).isEqualTo(DAY + "T10:15:00Z");
        // the visit takes her from 09:00 to the colour's buffer's end, 10:15
        salon.desk().body(salon.booking(salon.ada, salon.trim, DAY + "T10:00:00Z")).post("/api/v1/appointments")
                .then().statusCode(409);
        salon.desk().body(salon.booking(salon.ada, salon.trim, DAY + "T10:15:00Z")).post("/api/v1/appointments")
                .then().statusCode(201);
    }

    @Test
    void leftOutStaffIsTheOneWithFewestBookedMinutesThatDayTiesBySmallestId() {
        workMonday(salon.ada, salon.grace);
        String first = salon.ada.compareTo(salon.grace) < 0 ? salon.ada : salon.grace;
        String second = first.equals(salon.ada) ? salon.grace : salon.ada;
        String withoutStaff = "{\"customerId\":\"%s\",\"serviceId\":\"%s\",\"startsAt\":\"%s\"}";

        // a tie: the smallest id
        String tie = post("/api/v1/appointments", withoutStaff.formatted(salon.customer, salon.trim,
                DAY + "T09:00:00Z"), 201).getString("staffId");
        assertThat(tie).isEqualTo(first);
        // now the first has 30 booked minutes that day, the second none
        assertThat(post("/api/v1/appointments", withoutStaff.formatted(salon.customer, salon.trim,
                DAY + "T11:00:00Z"), 201).getString("staffId")).isEqualTo(second);
        salon.book(second, salon.haircut, DAY + "T15:00:00Z"); // 90 minutes against 30
        assertThat(post("/api/v1/appointments", withoutStaff.formatted(salon.customer, salon.trim,
                DAY + "T12:00:00Z"), 201).getString("staffId")).isEqualTo(first);
        // whoever is busy at the time is not assigned, however few minutes they have
        assertThat(post("/api/v1/appointments", withoutStaff.formatted(salon.customer, salon.haircut,
                DAY + "T12:00:00Z"), 201).getString("staffId")).isEqualTo(second);
        // nobody free: staff_unavailable
        salon.desk().body(withoutStaff.formatted(salon.customer, salon.trim, DAY + "T12:15:00Z"))
                .post("/api/v1/appointments").then().statusCode(409).body("code", equalTo("staff_unavailable"));
        // a staff member without hours is booked only by name, never assigned
        String carol = salon.staff("Carol");
        salon.desk().body(withoutStaff.formatted(salon.customer, salon.trim, DAY + "T12:15:00Z"))
                .post("/api/v1/appointments").then().statusCode(409).body("code", equalTo("staff_unavailable"));
        salon.book(carol, salon.trim, DAY + "T12:15:00Z");
    }

    @Test
    void anyStaffOffersOneSlotPerStartWithWhomTheBookingAssigns() {
        workMonday(salon.ada, salon.grace);
        salon.performs(salon.grace, salon.trim); // only Ada cuts
        salon.book(salon.ada, salon.trim, DAY + "T08:00:00Z"); // Ada has more booked minutes
        String search = "/api/v1/availability?serviceIds=%s,%s&anyStaff=true&from=%sT09:00:00Z&to=%sT12:00:00Z"
                .formatted(salon.haircut, salon.trim, DAY, DAY);

        JsonPath slots = salon.desk().get(search).then().statusCode(200).extract().jsonPath();

        assertThat(slots.getList("data.startsAt")).doesNotHaveDuplicates().hasSize(12);
        assertThat(slots.getList("data.staffId")).containsOnly(salon.ada);
        // the trim goes to Grace (fewer booked minutes), the cut to Ada (the only one who cuts)
        assertThat(slots.getList("data.segments")).allSatisfy(segments -> assertThat(segments).asList()
                .extracting("staffId").containsExactly(salon.ada, salon.grace));
        Map<String, Object> slot = slots.getMap("data[5]");
        JsonPath booked = post("/api/v1/appointments", visit((String) slot.get("startsAt"), salon.haircut, null,
                salon.trim, null), 201);
        assertThat(OfferedSegments.of(booked.getList("segments"))).isEqualTo(slot.get("segments"));
        // the same search without anyStaff: one slot per staff member who can take every segment (Ada alone), and
        // Ada is now busy 10:15–11:15 with the visit just booked
        JsonPath alone = salon.desk().get(search.replace("&anyStaff=true", "")).then().statusCode(200).extract()
                .jsonPath();
        assertThat(alone.getList("data.startsAt")).containsExactly(DAY + "T11:15:00Z", DAY + "T11:30:00Z",
                DAY + "T11:45:00Z");
        assertThat(alone.getList("data.staffId")).containsOnly(salon.ada);
        assertThat(alone.getList("data.segments.staffId")).allSatisfy(staff -> assertThat(staff).asList()
                .containsOnly(salon.ada));
        // one service: segments in every slot too
        salon.desk().get("/api/v1/availability?serviceId=%s&from=%sT09:00:00Z&to=%sT10:00:00Z".formatted(
                        salon.trim, DAY, DAY)).then().statusCode(200)
                .body("data[0].segments", hasSize(1)).body("data[0].segments[0].serviceId", equalTo(salon.trim))
                .body("data[0].segments[0].staffId", equalTo(salon.desk().get(
                        "/api/v1/availability?serviceId=%s&from=%sT09:00:00Z&to=%sT10:00:00Z".formatted(salon.trim,
                                DAY, DAY)).then().extract().path("data[0].staffId")))
                .body("data[0].segments[0].endsAt", equalTo(DAY + "T09:30:00Z"));
    }

    @Test
    void theSearchRefusesWhatItCannotRead() {
        String base = "/api/v1/availability?from=%sT09:00:00Z&to=%sT12:00:00Z".formatted(DAY, DAY);
        salon.desk().get(base).then().statusCode(400);
        salon.desk().get(base + "&serviceId=" + salon.trim + "&serviceIds=" + salon.trim).then().statusCode(400);
        salon.desk().get(base + "&serviceIds=" + String.join(",", List.of(salon.trim, salon.trim, salon.trim,
                salon.trim, salon.trim, salon.trim))).then().statusCode(400);
        salon.desk().get(base + "&serviceIds=" + salon.trim + ",").then().statusCode(400);
        salon.desk().get(base + "&serviceId=" + salon.trim + "&anyStaff=yes").then().statusCode(400);
        salon.desk().get(base + "&serviceId=" + salon.trim + "&anyStaff=true&staffId=" + salon.ada)
                .then().statusCode(400);
        salon.desk().get(base + "&serviceIds=" + salon.trim + ",svc_01jf3z9q7m2x8k4n6p0r5s1t3v").then()
                .statusCode(422).body("errors.field", hasItem("serviceIds"));
    }

    @Test
    void aRescheduleMovesTheWholeVisitAndFreesItsOldTime() {
        String id = post("/api/v1/appointments", visit(DAY + "T09:00:00Z", salon.haircut, salon.ada, salon.trim,
                salon.grace), 201).getString("id");

        JsonPath moved = salon.desk().body("{\"startsAt\":\"" + DAY + "T13:00:00Z\"}")
                .patch("/api/v1/appointments/" + id).then().statusCode(200).extract().jsonPath();

        assertThat(moved.getString("endsAt")).isEqualTo(DAY + "T14:30:00Z");
        assertThat(moved.getList("segments.staffId")).containsExactly(salon.ada, salon.grace);
        assertThat(moved.getList("segments.startsAt")).containsExactly(DAY + "T13:00:00Z", DAY + "T14:00:00Z");
        salon.book(salon.grace, salon.trim, DAY + "T10:00:00Z");
        salon.desk().body(salon.booking(salon.grace, salon.trim, DAY + "T14:00:00Z")).post("/api/v1/appointments")
                .then().statusCode(409).body("code", equalTo("appointment_conflict"));
        // into Grace's new appointment: the second segment refuses the whole move
        salon.desk().body("{\"startsAt\":\"" + DAY + "T09:00:00Z\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(409).body("code", equalTo("appointment_conflict"));
        salon.desk().body("{\"staffId\":\"" + salon.grace + "\"}").patch("/api/v1/appointments/" + id)
                .then().statusCode(422).body("errors[0].field", equalTo("staffId"));
        // cancelled, the visit frees both
        salon.desk().post("/api/v1/appointments/" + id + "/cancel").then().statusCode(200);
        salon.book(salon.grace, salon.trim, DAY + "T14:00:00Z");
        salon.book(salon.ada, salon.trim, DAY + "T13:00:00Z");
    }

    @Test
    void aBookingIsTheVisitOneWayOrTheOther() {
        salon.desk().body("{\"customerId\":\"%s\",\"serviceId\":\"%s\",\"startsAt\":\"%sT09:00:00Z\",\"segments\":[{\"serviceId\":\"%s\"}]}"
                        .formatted(salon.customer, salon.trim, DAY, salon.trim))
                .post("/api/v1/appointments").then().statusCode(422).body("errors.field", hasItem("serviceId"));
        salon.desk().body(visit(DAY + "T09:00:00Z")).post("/api/v1/appointments").then().statusCode(422)
                .body("errors.field", hasItem("segments"));
        salon.desk().body(visit(DAY + "T09:00:00Z", salon.trim, null, salon.trim, null, salon.trim, null,
                salon.trim, null, salon.trim, null, salon.trim, null)).post("/api/v1/appointments")
                .then().statusCode(422).body("errors.field", hasItem("segments"));
        salon.desk().body(visit(DAY + "T09:00:00Z", salon.trim, "stf_nope")).post("/api/v1/appointments")
                .then().statusCode(422).body("errors.field", hasItem("segments[0].staffId"));
        salon.desk().body("{\"customerId\":\"%s\",\"holdId\":\"hold_01jf3z9q7m2x8k4n6p0r5s1t3v\"}".formatted(
                salon.customer)).post("/api/v1/appointments").then().statusCode(422)
                .body("errors.field", hasItem("holdId"));
        salon.desk().queryParam("customerId", salon.customer).get("/api/v1/appointments").then().statusCode(200)
                .body("data", hasSize(0));
    }

    private String holdBody(String startsAt, String extra) {
        return "{\"startsAt\":\"%s\",\"segments\":[{\"serviceId\":\"%s\",\"staffId\":\"%s\"},{\"serviceId\":\"%s\",\"staffId\":\"%s\"}]%s}"
                .formatted(startsAt, salon.haircut, salon.ada, salon.trim, salon.grace, extra);
    }

    @Test
    void aHoldKeepsTheTimeUntilItIsBookedAndThenIsUsed() {
        JsonPath hold = post("/api/v1/holds", holdBody(DAY + "T09:00:00Z", ",\"ttlSeconds\":300"), 201);
        String id = hold.getString("id");
        assertThat(id).startsWith("hold_");
        assertThat(hold.getString("endsAt")).isEqualTo(DAY + "T10:30:00Z");
        assertThat(hold.getList("segments.staffId")).containsExactly(salon.ada, salon.grace);
        assertThat(Duration.between(Instant.parse(hold.getString("createdAt")),
                Instant.parse(hold.getString("expiresAt")))).isEqualTo(Duration.ofSeconds(300));
        assertThat(hold.getString("status")).isEqualTo("active");

        // the held time counts as booked: for bookings, other holds, the search and explain
        salon.desk().body(salon.booking(salon.grace, salon.trim, DAY + "T10:00:00Z")).post("/api/v1/appointments")
                .then().statusCode(409).body("code", equalTo("appointment_conflict"));
        salon.desk().body(holdBody(DAY + "T09:30:00Z", "")).post("/api/v1/holds").then().statusCode(409)
                .body("code", equalTo("appointment_conflict"));
        salon.desk().get("/api/v1/availability/explain?serviceId=%s&staffId=%s&startsAt=%sT10:00:00Z".formatted(
                        salon.trim, salon.grace, DAY)).then().statusCode(200).body("available", equalTo(false))
                .body("reasons.code", contains("held"));
        salon.hours(salon.ada, "monday 08:00-20:00");
        salon.desk().get("/api/v1/availability?serviceId=%s&staffId=%s&from=%sT08:00:00Z&to=%sT11:00:00Z"
                        .formatted(salon.trim, salon.ada, DAY, DAY)).then().statusCode(200)
                .body("data.startsAt", contains(DAY + "T08:00:00Z", DAY + "T08:15:00Z", DAY + "T08:30:00Z",
                        DAY + "T10:00:00Z", DAY + "T10:15:00Z", DAY + "T10:30:00Z", DAY + "T10:45:00Z"));

        JsonPath booked = post("/api/v1/appointments", "{\"customerId\":\"%s\",\"holdId\":\"%s\",\"notes\":\"paid\"}"
                .formatted(salon.customer, id), 201);
        assertThat(booked.getList("segments")).isEqualTo(hold.getList("segments"));
        assertThat(booked.getString("notes")).isEqualTo("paid");
        salon.desk().get("/api/v1/holds/" + id).then().statusCode(200).body("status", equalTo("used"))
                .body("appointmentId", equalTo(booked.getString("id")));
        // used: hold_expired, and the time stays booked (now by the appointment)
        salon.desk().body("{\"customerId\":\"%s\",\"holdId\":\"%s\"}".formatted(salon.customer, id))
                .post("/api/v1/appointments").then().statusCode(409).body("code", equalTo("hold_expired"));
        salon.desk().delete("/api/v1/holds/" + id).then().statusCode(409).body("code", equalTo("hold_expired"));
        salon.desk().get("/api/v1/availability/explain?serviceId=%s&staffId=%s&startsAt=%sT10:00:00Z".formatted(
                        salon.trim, salon.grace, DAY)).then().statusCode(200)
                .body("reasons.code", contains("booked"));
        // a hold with staff left out is assigned as a booking would be
        post("/api/v1/holds", "{\"serviceId\":\"%s\",\"startsAt\":\"%sT15:00:00Z\"}".formatted(salon.trim, DAY), 201);
    }

    @Test
    void aReleasedHoldFreesItsTimeAndCannotBeBooked() {
        String id = post("/api/v1/holds", holdBody(DAY + "T09:00:00Z", ""), 201).getString("id");

        salon.desk().delete("/api/v1/holds/" + id).then().statusCode(204);

        salon.desk().body("{\"customerId\":\"%s\",\"holdId\":\"%s\"}".formatted(salon.customer, id))
                .post("/api/v1/appointments").then().statusCode(409).body("code", equalTo("hold_expired"));
        salon.desk().get("/api/v1/holds/" + id).then().statusCode(200).body("status", equalTo("released"))
                .body("appointmentId", nullValue());
        salon.desk().delete("/api/v1/holds/" + id).then().statusCode(204);
        salon.book(salon.grace, salon.trim, DAY + "T10:00:00Z");
        salon.desk().get("/api/v1/holds/hold_01jf3z9q7m2x8k4n6p0r5s1t3v").then().statusCode(404);
    }

    /**
     * An expired hold frees its time by the clock alone: no sweeper runs in tests ({@code slotwise.holds.sweep-enabled}
     * is false). The hold is aged in the database — its expiry, and its rows' life, set to a moment ago, exactly as if
     * its ttl had passed — rather than waited for (the shortest ttl is a minute).
     */
    @Test
    void anExpiredHoldBlocksNothingWithoutAnySweeperAndCannotBeBooked() {
        String id = post("/api/v1/holds", holdBody(DAY + "T09:00:00Z", ",\"ttlSeconds\":60"), 201).getString("id");
        salon.desk().body(salon.booking(salon.grace, salon.trim, DAY + "T10:00:00Z")).post("/api/v1/appointments")
                .then().statusCode(409);

        age(id);

        // its rows are still there: nothing deleted them
        assertThat(pool.preparedQuery("select count(*) from visit_segments where owner_id = $1")
                .execute(Tuple.of(id)).await().indefinitely().iterator().next().getLong(0)).isEqualTo(2);
        salon.desk().get("/api/v1/holds/" + id).then().statusCode(200).body("status", equalTo("expired"));
        salon.desk().get("/api/v1/availability/explain?serviceId=%s&staffId=%s&startsAt=%sT10:00:00Z".formatted(
                        salon.trim, salon.grace, DAY)).then().statusCode(200).body("available", equalTo(true));
        salon.desk().body("{\"customerId\":\"%s\",\"holdId\":\"%s\"}".formatted(salon.customer, id))
                .post("/api/v1/appointments").then().statusCode(409).body("code", equalTo("hold_expired"));
        salon.book(salon.grace, salon.trim, DAY + "T10:00:00Z");
        post("/api/v1/holds", "{\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"%sT09:00:00Z\"}".formatted(
                salon.haircut, salon.ada, DAY), 201);
        // releasing an expired hold changes nothing
        salon.desk().delete("/api/v1/holds/" + id).then().statusCode(204);
    }

    /** Sets a hold's expiry, and the end of its rows' life, to a moment ago: as if its ttl had passed. */
    private void age(String holdId) {
        pool.preparedQuery("update visit_segments set live_until = clock_timestamp() where owner_id = $1")
                .execute(Tuple.of(holdId)).await().indefinitely();
        pool.preparedQuery("update holds set expires_at = clock_timestamp() where id = $1")
                .execute(Tuple.of(holdId)).await().indefinitely();
    }

    @Test
    void aHoldTakesWhatABookingTakesButTheCustomer() {
        salon.desk().body(holdBody(DAY + "T09:00:00Z", ",\"ttlSeconds\":59")).post("/api/v1/holds").then()
                .statusCode(422).body("errors.field", hasItem("ttlSeconds"));
        salon.desk().body(holdBody(DAY + "T09:00:00Z", ",\"ttlSeconds\":1801")).post("/api/v1/holds").then()
                .statusCode(422).body("errors.field", hasItem("ttlSeconds"));
        salon.desk().body(holdBody(DAY + "T09:00:00Z", ",\"customerId\":\"" + salon.customer + "\""))
                .post("/api/v1/holds").then().statusCode(422).body("errors.field", hasItem("customerId"));
        salon.desk().body("{\"serviceId\":\"%s\"}".formatted(salon.trim)).post("/api/v1/holds").then()
                .statusCode(422).body("errors.field", hasItem("startsAt"));
        salon.desk().body("{\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"2020-01-01T09:00:00Z\"}".formatted(
                salon.trim, salon.ada)).post("/api/v1/holds").then().statusCode(409)
                .body("code", equalTo("outside_booking_window"));
        JsonPath held = post("/api/v1/holds", "{\"serviceId\":\"%s\",\"staffId\":\"%s\",\"startsAt\":\"%sT09:00:00Z\"}"
                .formatted(salon.trim, salon.ada, DAY), 201);
        assertThat(Duration.between(Instant.parse(held.getString("createdAt")),
                Instant.parse(held.getString("expiresAt")))).isEqualTo(Duration.ofSeconds(600));
        salon.desk().get("/api/v1/holds/" + held.getString("id")).then().statusCode(200)
                .body("id", startsWith("hold_")).body("segments", hasSize(1));
    }
}
