package dev.slotwise.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Demo data, made through the public API as a client would: a tenant (pro plan, Europe/Berlin) with an all-scopes API
 * key, three customers, four services (one that only Mia performs, so a visit with any staff member is shared), two
 * staff members who work 09:00–18:00 on weekdays (so availability answers at
 * once), a booking policy and a closure (CONTRACT §15), two locations (CONTRACT §17: the two stylists in Berlin, and Ines
 * in Lisbon, an hour behind, with two treatment rooms that the Facial needs one of), and a user who signs in to the
 * panel. {@code up} makes one on its first run; {@code ./slotwise seed} makes
 * another whenever asked.
 */
record DemoTenant(String tenantId, String apiKey, String userEmail, String userPassword) {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> ALL_SCOPES = List.of("customers.read", "customers.write", "appointments.read",
            "appointments.write", "services.read", "services.write", "staff.read", "staff.write", "transactions.read",
            "transactions.write", "payments.read", "reviews.read", "reviews.write", "inventory.read",
            "inventory.write", "campaigns.read", "campaigns.write", "webhooks.write", "settings.read", "settings.write");

    /** Creates a demo tenant named {@code name} whose user signs in as {@code userEmail}. */
    static DemoTenant create(String gatewayUrl, String adminToken, String name, String userEmail)
            throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        String admin = "Bearer " + adminToken;
        String tenant = post(http, gatewayUrl + "/admin/v1/tenants", admin,
                Map.of("name", name, "plan", "pro", "timeZone", "Europe/Berlin")).get("id").asText();
        String key = post(http, gatewayUrl + "/admin/v1/tenants/" + tenant + "/api-keys", admin,
                Map.of("name", "demo (all scopes)", "scopes", ALL_SCOPES)).get("key").asText();
        String bearer = "Bearer " + key;
        for (Map<String, Object> customer : List.of(
                Map.<String, Object>of("firstName", "Ada", "lastName", "Lovelace", "email", "ada@example.com", "marketingConsent", true),
                Map.<String, Object>of("firstName", "Grace", "lastName", "Hopper", "email", "grace@example.com", "phone", "+15555550100"),
                Map.<String, Object>of("firstName", "Alan", "lastName", "Turing", "email", "alan@example.com"))) {
            post(http, gatewayUrl + "/api/v1/customers", bearer, customer);
        }
        Map<String, String> services = new java.util.LinkedHashMap<>();
        for (Map<String, Object> service : List.of(
                // first, so that the newest service (the first a list shows) stays one the Berlin stylists perform
                Map.<String, Object>of("name", "Facial", "durationMinutes", 60, "price", Map.of("amount", 7000, "currency", "EUR"),
                        "bufferAfterMinutes", 15, "requiredResourceTypes", List.of("room")),
                Map.<String, Object>of("name", "Haircut", "durationMinutes", 45, "price", Map.of("amount", 4500, "currency", "EUR")),
                Map.<String, Object>of("name", "Colour", "durationMinutes", 90, "price", Map.of("amount", 9000, "currency", "EUR"),
                        "bufferAfterMinutes", 10),
                Map.<String, Object>of("name", "Blow-dry", "durationMinutes", 30, "price", Map.of("amount", 2500, "currency", "EUR")))) {
            services.put((String) service.get("name"), post(http, gatewayUrl + "/api/v1/services", bearer, service)
                    .get("id").asText());
        }
        Map<String, List<String>> weekdays = Map.of("Mia", List.of("tuesday", "wednesday", "thursday", "friday",
                "saturday"), "Noah", List.of("monday", "tuesday", "wednesday", "thursday", "friday"));
        // Mia does everything, Noah cuts and blow-dries but does not colour: "Haircut, Colour, Blow-dry" with any
        // staff member (CONTRACT §16) shows a visit shared between them
        Map<String, List<String>> performs = Map.of("Mia", List.of(), "Noah", List.of(services.get("Haircut"),
                services.get("Blow-dry")));
        String berlin = post(http, gatewayUrl + "/api/v1/locations", bearer, Map.of("name", "Salon Berlin",
                "timeZone", "Europe/Berlin", "address", "Torstraße 1, 10119 Berlin", "phone", "+49301234567"))
                .get("id").asText();
        String lisbon = post(http, gatewayUrl + "/api/v1/locations", bearer, Map.of("name", "Salon Lisbon",
                "timeZone", "Europe/Lisbon", "address", "Rua Augusta 10, 1100-053 Lisboa")).get("id").asText();
        for (String room : List.of("Treatment room 1", "Treatment room 2")) {
            post(http, gatewayUrl + "/api/v1/resources", bearer, Map.of("name", room, "type", "room", "locationId", lisbon));
        }
        String ines = post(http, gatewayUrl + "/api/v1/staff", bearer, Map.of("name", "Ines", "locationId", lisbon,
                "serviceIds", List.of(services.get("Facial")))).get("id").asText();
        send(http, "PUT", gatewayUrl + "/api/v1/staff/" + ines + "/working-hours", bearer, Map.of("weekly",
                List.of("monday", "tuesday", "wednesday", "thursday", "friday").stream()
                        .map(day -> Map.of("day", day, "start", "09:00", "end", "18:00")).toList()), 200);
        for (String staffName : List.of("Mia", "Noah")) {
            String staff = post(http, gatewayUrl + "/api/v1/staff", bearer, Map.of("name", staffName,
                    "serviceIds", performs.get(staffName), "locationId", berlin)).get("id").asText();
            List<Map<String, String>> weekly = weekdays.get(staffName).stream()
                    .map(day -> Map.of("day", day, "start", "09:00", "end", "18:00")).toList();
            send(http, "PUT", gatewayUrl + "/api/v1/staff/" + staff + "/working-hours", bearer, Map.of("weekly", weekly), 200);
        }
        send(http, "PUT", gatewayUrl + "/api/v1/booking-policy", bearer, BOOKING_POLICY, 200);
        post(http, gatewayUrl + "/api/v1/closures", bearer, Map.of("date", nextChristmasEve().toString(),
                "reason", "Christmas Eve"));
        String password = addUser(gatewayUrl, adminToken, tenant, userEmail);
        return new DemoTenant(tenant, key, userEmail, password);
    }

    /**
     * A salon's rules (CONTRACT §15), so a newcomer sees them at work: book at least an hour ahead and at most 90 days,
     * cancel until a day before, at most 8 appointments per stylist a day; colours keep 10 minutes after them to clean up.
     */
    private static final Map<String, Object> BOOKING_POLICY = Map.of("minNoticeMinutes", 60, "maxAdvanceDays", 90,
            "cancellationWindowMinutes", 1440, "maxAppointmentsPerStaffPerDay", 8,
            "policyText", "Please cancel or move your appointment at least 24 hours ahead.");

    /** The next 24 December, this year's while it is still ahead. */
    private static LocalDate nextChristmasEve() {
        LocalDate today = LocalDate.now(ZoneId.of("Europe/Berlin"));
        LocalDate eve = LocalDate.of(today.getYear(), 12, 24);
        return eve.isAfter(today) ? eve : eve.plusYears(1);
    }

    /** Adds a tenant user with a generated password; answers the password. */
    static String addUser(String gatewayUrl, String adminToken, String tenantId, String email)
            throws IOException, InterruptedException {
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        post(HttpClient.newHttpClient(), gatewayUrl + "/admin/v1/tenants/" + tenantId + "/users",
                "Bearer " + adminToken, Map.of("email", email, "password", password));
        return password;
    }

    private static JsonNode post(HttpClient http, String url, String authorization, Object body)
            throws IOException, InterruptedException {
        return send(http, "POST", url, authorization, body, 201);
    }

    private static JsonNode send(HttpClient http, String method, String url, String authorization, Object body,
            int expected) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException("seeding demo data failed: " + method + " " + url + " → "
                    + response.statusCode());
        }
        return JSON.readTree(response.body());
    }
}
