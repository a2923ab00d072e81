package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT §15's promise, tested as a property against the real services: for generated tenants (weekly hours, date
 * overrides, closures, time off, buffers, services not performed, a service that takes one of a room or two,
 * bookings, and a policy with notice, horizon and daily limit, in zones with clock changes), every slot the search
 * offers explains as available and then books; and for generated booking attempts, explain says available exactly
 * when the booking succeeds, and a refused booking's code is among the reasons explain gave just before. A failure
 * names the seed that reproduces it.
 */
@QuarkusTest
class OfferedMeansBookableTest {

    private static final List<String> ZONES = List.of("Europe/Berlin", "America/New_York", "UTC");
    private static final String[] DAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
            "sunday"};
    /** The booking codes of CONTRACT §3 and the reasons of explain each stands for. */
    private static final Map<String, Set<String>> REASONS_OF_CODE = Map.of(
            "outside_booking_window", Set.of("outside_booking_window"),
            "staff_unavailable", Set.of("closed", "outside_working_hours", "time_off", "service_not_offered"),
            "daily_limit_reached", Set.of("daily_limit_reached"),
            "appointment_conflict", Set.of("booked", "held"),
            "resource_unavailable", Set.of("resource_unavailable"));

    private record Tenant(Salon salon, List<String> services, List<String> staff, int noticeMinutes,
            Integer advanceDays) {
    }

    @Test
    void everyOfferedSlotExplainsAsAvailableAndBooksAndEveryRefusalIsExplained() {
        long seed = Long.getLong("rules.seed", System.nanoTime());
        Random random = new Random(seed);
        Set<String> refusedWith = new HashSet<>();
        int offeredAndBooked = 0;
        for (int n = 0; n < 3; n++) {
            Tenant tenant = generate(random);
            String context = "seed " + seed + ", tenant " + n + " (" + tenant.salon().zone + ")";
            List<String[]> bookedSoFar = new ArrayList<>();
            for (int round = 0; round < 25; round++) {
                String service = tenant.services().get(random.nextInt(tenant.services().size()));
                Instant now = Instant.now();
                Instant from = now.truncatedTo(ChronoUnit.HOURS);
                JsonPath slots = tenant.salon().desk().get("/api/v1/availability?serviceId=" + service + "&from="
                        + from + "&to=" + from.plus(Duration.ofDays(5))).then().statusCode(200).extract().jsonPath();
                List<String> starts = slots.getList("data.startsAt");
                if (!starts.isEmpty()) {
                    int pick = random.nextInt(starts.size());
                    String startsAt = starts.get(pick);
                    String staff = slots.getString("data[" + pick + "].staffId");
                    assertThat(explain(tenant, service, staff, startsAt).getBoolean("available"))
                            .as(context + ": offered %s %s explains as available", staff, startsAt).isTrue();
                    Response booked = book(tenant, service, staff, startsAt);
                    assertThat(booked.statusCode()).as(context + ": offered %s %s books: %s", staff, startsAt,
                            booked.asString()).isEqualTo(201);
                    bookedSoFar.add(new String[] {staff, startsAt});
                    offeredAndBooked++;
                }
                for (int attempt = 0; attempt < 2; attempt++) {
                    String staff = tenant.staff().get(random.nextInt(tenant.staff().size()));
                    Instant start = from.plus(Duration.ofMinutes(15L * (random.nextInt(5 * 96 + 8) - 8)));
                    if (!bookedSoFar.isEmpty() && random.nextBoolean()) {
                        // close to a booking: into it, its buffers, or just clear of them
                        String[] near = bookedSoFar.get(random.nextInt(bookedSoFar.size()));
                        staff = near[0];
                        start = Instant.parse(near[1]).plus(Duration.ofMinutes(15L * (random.nextInt(11) - 5)));
                    }
                    if (nearAnEdgeOfTheWindow(tenant, start)) {
                        continue;
                    }
                    JsonPath explained = explain(tenant, service, staff, start.toString());
                    Response answer = book(tenant, service, staff, start.toString());
                    List<String> reasons = explained.getList("reasons.code");
                    String what = context + ": " + service + " " + staff + " at " + start + " explained " + reasons
                            + ", booking answered " + answer.asString();
                    if (explained.getBoolean("available")) {
                        assertThat(answer.statusCode()).as(what).isEqualTo(201);
                    } else {
                        assertThat(answer.statusCode()).as(what).isEqualTo(409);
                        String code = answer.path("code");
                        assertThat(reasons).as(what).containsAnyElementsOf(REASONS_OF_CODE.get(code));
                        refusedWith.add(code);
                    }
                }
            }
        }
        // the generated tenants make the search offer, and bookings be refused for more than one kind of reason
        assertThat(offeredAndBooked).as("seed " + seed).isGreaterThan(20);
        assertThat(refusedWith).as("seed " + seed).contains("staff_unavailable", "appointment_conflict");
    }

    /**
     * CONTRACT §16: the same property for visits of two or three services and for any-staff slots — every offered
     * slot books (or holds, then books from the hold) exactly as offered; with staff left out, the booking assigns the
     * staff members the slot named.
     */
    @Test
    void everyOfferedVisitAndAnyStaffSlotBooksAsOffered() {
        long seed = Long.getLong("rules.seed", System.nanoTime());
        Random random = new Random(seed);
        int booked = 0;
        int anyStaffBooked = 0;
        for (int n = 0; n < 2; n++) {
            Tenant tenant = generate(random);
            String context = "seed " + seed + ", tenant " + n + " (" + tenant.salon().zone + ")";
            for (int round = 0; round < 15; round++) {
                List<String> services = new ArrayList<>();
                for (int k = 1 + random.nextInt(3); k > 0; k--) {
                    services.add(tenant.services().get(random.nextInt(tenant.services().size())));
                }
                boolean anyStaff = random.nextBoolean();
                Instant from = Instant.now().truncatedTo(ChronoUnit.HOURS);
                JsonPath slots = tenant.salon().desk().get("/api/v1/availability?serviceIds=" + String.join(",",
                        services) + (anyStaff ? "&anyStaff=true" : "") + "&from=" + from + "&to="
                        + from.plus(Duration.ofDays(5))).then().statusCode(200).extract().jsonPath();
                List<String> starts = slots.getList("data.startsAt");
                if (anyStaff) {
                    assertThat(starts).as(context + ": one slot per start").doesNotHaveDuplicates();
                }
                if (starts.isEmpty()) {
                    continue;
                }
                int pick = random.nextInt(starts.size());
                String startsAt = starts.get(pick);
                List<Map<String, Object>> offered = slots.getList("data[" + pick + "].segments");
                StringBuilder segments = new StringBuilder();
                for (Map<String, Object> segment : offered) {
                    segments.append(segments.length() == 0 ? "" : ",").append("{\"serviceId\":\"")
                            .append(segment.get("serviceId")).append('"')
                            .append(anyStaff ? "" : ",\"staffId\":\"" + segment.get("staffId") + "\"").append('}');
                }
                String visit = "\"startsAt\":\"" + startsAt + "\",\"segments\":[" + segments + "]";
                Response answer;
                if (random.nextInt(3) == 0) {
                    Response hold = tenant.salon().desk().body("{" + visit + "}").post("/api/v1/holds");
                    assertThat(hold.statusCode()).as(context + ": offered %s holds: %s", offered, hold.asString())
                            .isEqualTo(201);
                    assertThat(OfferedSegments.of(hold.jsonPath().getList("segments"))).as(context).isEqualTo(offered);
                    answer = tenant.salon().desk().body("{\"customerId\":\"" + tenant.salon().customer
                            + "\",\"holdId\":\"" + hold.path("id") + "\"}").post("/api/v1/appointments");
                } else {
                    answer = tenant.salon().desk().body("{\"customerId\":\"" + tenant.salon().customer + "\","
                            + visit + "}").post("/api/v1/appointments");
                }
                assertThat(answer.statusCode()).as(context + ": offered %s books: %s", offered, answer.asString())
                        .isEqualTo(201);
                assertThat(OfferedSegments.of(answer.jsonPath().getList("segments"))).as(context + ": booked as offered")
                        .isEqualTo(offered);
                booked++;
                anyStaffBooked += anyStaff ? 1 : 0;
            }
        }
        assertThat(booked).as("seed " + seed).isGreaterThan(10);
        assertThat(anyStaffBooked).as("seed " + seed).isGreaterThan(3);
    }

    private static JsonPath explain(Tenant tenant, String service, String staff, String startsAt) {
        return tenant.salon().desk().queryParam("serviceId", service).queryParam("staffId", staff)
                .queryParam("startsAt", startsAt).get("/api/v1/availability/explain").then().statusCode(200)
                .extract().jsonPath();
    }

    private static Response book(Tenant tenant, String service, String staff, String startsAt) {
        return tenant.salon().desk().body(tenant.salon().booking(staff, service, startsAt))
                .post("/api/v1/appointments");
    }

    /** Whether the booking window's edge passes so close to {@code start} that it may move between two requests. */
    private static boolean nearAnEdgeOfTheWindow(Tenant tenant, Instant start) {
        Instant now = Instant.now();
        List<Instant> edges = new ArrayList<>(List.of(now.plus(Duration.ofMinutes(tenant.noticeMinutes())),
                now.minusSeconds(60)));
        if (tenant.advanceDays() != null) {
            edges.add(now.plus(Duration.ofDays(tenant.advanceDays())));
        }
        return edges.stream().anyMatch(edge -> Duration.between(edge, start).abs().compareTo(Duration.ofSeconds(10))
                < 0);
    }

    private static Tenant generate(Random random) {
        String zoneName = ZONES.get(random.nextInt(ZONES.size()));
        Salon salon = new Salon(zoneName);
        ZoneId zone = ZoneId.of(zoneName);
        // CONTRACT §17: the colour takes the salon's one colour room (or, sometimes, one of two), so it meets another
        // colour of another stylist through the room
        List<String> services = List.of(salon.trim,
                salon.service("Colour", pick(random, 45, 60, 90), pick(random, 0, 10, 15), pick(random, 0, 10, 30),
                        "colour-room"),
                salon.service("Consultation", 30, pick(random, 0, 15), 0));
        for (int room = 1 + random.nextInt(3) / 2; room > 0; room--) {
            salon.resource("Colour room " + room, "colour-room");
        }
        List<String> staff = List.of(salon.ada, salon.grace, salon.staff("Lin"));
        LocalDate today = LocalDate.now(zone);
        for (String member : staff) {
            List<String> weekly = new ArrayList<>();
            for (String day : DAYS) {
                if (random.nextInt(5) > 0) {
                    int start = 6 + random.nextInt(5);
                    int end = start + 3 + random.nextInt(6);
                    weekly.add(String.format(Locale.ROOT, "%s %02d:00-%02d:00", day, start, end));
                    if (random.nextBoolean() && end < 21) {
                        weekly.add(String.format(Locale.ROOT, "%s %02d:30-%02d:00", day, end, end + 2));
                    }
                }
            }
            salon.hours(member, weekly.toArray(String[]::new));
            for (int day = 0; day < 5; day++) {
                if (random.nextInt(4) == 0) {
                    LocalDate date = today.plusDays(day);
                    if (random.nextBoolean()) {
                        salon.override(member, date.toString());
                    } else {
                        salon.override(member, date.toString(),
                                String.format(Locale.ROOT, "%02d:00-%02d:00", 7 + random.nextInt(4), 12 + random.nextInt(8)));
                    }
                }
            }
            if (random.nextBoolean()) {
                Instant off = Instant.now().truncatedTo(ChronoUnit.HOURS)
                        .plus(Duration.ofHours(random.nextInt(96)));
                salon.timeOff(member, off.toString(), off.plus(Duration.ofHours(1 + random.nextInt(6))).toString());
            }
        }
        salon.performs(staff.get(2), services.get(random.nextInt(services.size())));
        if (random.nextBoolean()) {
            salon.closure(today.plusDays(1 + random.nextInt(3)).toString());
        }
        int notice = pick(random, 0, 60, 240);
        Integer advance = random.nextBoolean() ? null : 3;
        Integer limit = random.nextInt(3) == 0 ? null : pick(random, 2, 3);
        salon.policy("{\"minNoticeMinutes\":%d,\"maxAdvanceDays\":%s,\"maxAppointmentsPerStaffPerDay\":%s}"
                .formatted(notice, advance, limit));
        return new Tenant(salon, services, staff, notice, advance);
    }

    private static int pick(Random random, int... values) {
        return values[random.nextInt(values.length)];
    }
}
