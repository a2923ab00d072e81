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
    final String customer;
    final String haircut;
    final String trim;
    final String ada;
    final String grace;

    Salon() {
        customer = create("customer-service", "/api/v1/customers", "customers.write", "{\"firstName\":\"Edsger\"}");
        haircut = create("catalog-staff-service", "/api/v1/services", "services.write",
                "{\"name\":\"Haircut\",\"durationMinutes\":60,\"price\":{\"amount\":4500,\"currency\":\"EUR\"}}");
        trim = create("catalog-staff-service", "/api/v1/services", "services.write",
                "{\"name\":\"Trim\",\"durationMinutes\":30,\"price\":{\"amount\":2000,\"currency\":\"EUR\"}}");
        ada = create("catalog-staff-service", "/api/v1/staff", "staff.write", "{\"name\":\"Ada\"}");
        grace = create("catalog-staff-service", "/api/v1/staff", "staff.write", "{\"name\":\"Grace\"}");
    }

    private String create(String module, String path, String scope, String body) {
        return given().baseUri(ServiceDependenciesTestResource.url(module))
                .auth().oauth2(InternalTokens.forTenant(tenant, scope)).contentType(ContentType.JSON).body(body)
                .post(path).then().statusCode(201).extract().path("id");
    }

    /** A request of this tenant's front desk to appointment-service. */
    RequestSpecification desk() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "appointments.read", "appointments.write"))
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
