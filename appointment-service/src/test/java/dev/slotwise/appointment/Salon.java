package dev.slotwise.appointment;

import static io.restassured.RestAssured.given;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * One tenant's salon set up through the real customer-service and catalog-staff-service: a customer, a 60-minute
 * and a 30-minute service, two staff members. Appointment tests book against it.
 */
final class Salon {

    final String tenant = Ids.next("ten");
    /** The business's time zone, in every token of its requests. */
    final String zone;
    final String customer;
    final String haircut;
    final String trim;
    final String ada;
    final String grace;

    Salon() {
        this("UTC");
    }

    Salon(String zone) {
        this.zone = zone;
        customer = create("customer-service", "/api/v1/customers", "customers.write", "{\"firstName\":\"Edsger\"}");
        haircut = create("catalog-staff-service", "/api/v1/services", "services.write",
                "{\"name\":\"Haircut\",\"durationMinutes\":60,\"price\":{\"amount\":4500,\"currency\":\"EUR\"}}");
        trim = create("catalog-staff-service", "/api/v1/services", "services.write",
                "{\"name\":\"Trim\",\"durationMinutes\":30,\"price\":{\"amount\":2000,\"currency\":\"EUR\"}}");
        ada = create("catalog-staff-service", "/api/v1/staff", "staff.write", "{\"name\":\"Ada\"}");
        grace = create("catalog-staff-service", "/api/v1/staff", "staff.write", "{\"name\":\"Grace\"}");
    }

    private String create(String module, String path, String scope, String body) {
        return as(module, scope).body(body).post(path).then().statusCode(201).extract().path("id");
    }

    /** A request of this tenant to another service of the suite. */
    RequestSpecification as(String module, String... scopes) {
        return given().baseUri(ServiceDependenciesTestResource.url(module))
                .auth().oauth2(InternalTokens.forTenantInZone(tenant, zone, scopes)).contentType(ContentType.JSON);
    }

    /** A request of this tenant to catalog-staff-service, as the manager who keeps services and schedules. */
    RequestSpecification manager() {
        return as("catalog-staff-service", "staff.read", "staff.write", "services.write");
    }

    /** Replaces a staff member's weekly hours with {@code ranges} such as {@code "monday 09:00-17:00"}. */
    void hours(String staff, String... ranges) {
        StringBuilder weekly = new StringBuilder();
        for (String range : ranges) {
            String[] parts = range.split("[ -]");
            weekly.append(weekly.length() == 0 ? "" : ",")
                    .append("{\"day\":\"%s\",\"start\":\"%s\",\"end\":\"%s\"}".formatted(parts[0], parts[1], parts[2]));
        }
        manager().body("{\"weekly\":[" + weekly + "]}").put("/api/v1/staff/" + staff + "/working-hours")
                .then().statusCode(200);
    }

    /** Records time off of a staff member and answers its id. */
    String timeOff(String staff, String startsAt, String endsAt) {
        return manager().body("{\"startsAt\":\"%s\",\"endsAt\":\"%s\"}".formatted(startsAt, endsAt))
                .post("/api/v1/staff/" + staff + "/time-off").then().statusCode(201).extract().path("id");
    }

    /** Sets the services a staff member performs. */
    void performs(String staff, String... services) {
        manager().body("{\"serviceIds\":[" + (services.length == 0 ? "" : "\"" + String.join("\",\"", services) + "\"")
                + "]}").patch("/api/v1/staff/" + staff).then().statusCode(200);
    }

    /** Creates a service of {@code minutes} with buffers before and after it, and answers its id. */
    String service(String name, int minutes, int bufferBefore, int bufferAfter) {
        return create("catalog-staff-service", "/api/v1/services", "services.write", """
                {"name":"%s","durationMinutes":%d,"price":{"amount":6000,"currency":"EUR"},
                 "bufferBeforeMinutes":%d,"bufferAfterMinutes":%d}""".formatted(name, minutes, bufferBefore,
                bufferAfter));
    }

    /**
     * Creates a service of {@code minutes} with buffers that takes one resource of each of {@code resourceTypes}
     * (CONTRACT §17), and answers its id.
     */
    String service(String name, int minutes, int bufferBefore, int bufferAfter, String... resourceTypes) {
        return create("catalog-staff-service", "/api/v1/services", "services.write", """
                {"name":"%s","durationMinutes":%d,"price":{"amount":6000,"currency":"EUR"},
                 "bufferBeforeMinutes":%d,"bufferAfterMinutes":%d,"requiredResourceTypes":[%s]}""".formatted(name,
                minutes, bufferBefore, bufferAfter, resourceTypes.length == 0 ? ""
                        : "\"" + String.join("\",\"", resourceTypes) + "\""));
    }

    /** Creates a resource of {@code type} at no location (where staff without a location work), answers its id. */
    String resource(String name, String type) {
        return create("catalog-staff-service", "/api/v1/resources", "settings.write",
                "{\"name\":\"" + name + "\",\"type\":\"" + type + "\"}");
    }

    /** Creates a staff member and answers their id. */
    String staff(String name) {
        return create("catalog-staff-service", "/api/v1/staff", "staff.write", "{\"name\":\"" + name + "\"}");
    }

    /** Replaces the tenant's booking policy (CONTRACT §15) with {@code json}. */
    void policy(String json) {
        as("catalog-staff-service", "settings.write").body(json).put("/api/v1/booking-policy").then().statusCode(200);
    }

    /** Closes the business on {@code date} and answers the closure's id. */
    String closure(String date) {
        return as("catalog-staff-service", "settings.write").body("{\"date\":\"" + date + "\"}")
                .post("/api/v1/closures").then().statusCode(201).extract().path("id");
    }

    /** Replaces a staff member's hours on {@code date} with {@code ranges} such as {@code "10:00-14:00"} (none: off). */
    void override(String staff, String date, String... ranges) {
        StringBuilder body = new StringBuilder();
        for (String range : ranges) {
            String[] parts = range.split("-");
            body.append(body.length() == 0 ? "" : ",")
                    .append("{\"start\":\"%s\",\"end\":\"%s\"}".formatted(parts[0], parts[1]));
        }
        manager().body("{\"ranges\":[" + body + "]}").put("/api/v1/staff/" + staff + "/date-overrides/" + date)
                .then().statusCode(200);
    }

    /** A request of this tenant's front desk to appointment-service. */
    RequestSpecification desk() {
        return given().auth().oauth2(InternalTokens.forTenantInZone(tenant, zone, "appointments.read",
                        "appointments.write"))
                .contentType(ContentType.JSON);
    }

    String booking(String staff, String service, String startsAt) {
        return """
                {"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}""".formatted(customer, service, staff, startsAt);
    }

    String book(String staff, String service, String startsAt) {
        return desk().body(booking(staff, service, startsAt)).post("/api/v1/appointments")
                .then().statusCode(201).extract().path("id");
    }
}
