package dev.slotwise.pos;

import static io.restassured.RestAssured.given;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/** One tenant's salon shop, set up through the real services: a customer, a service, two products, a stylist. */
final class Shop {

    final String tenant = Ids.next("ten");
    final String customer;
    final String haircut;
    final String shampoo;
    final String wax;
    final String stylist;

    Shop() {
        customer = create("customer-service", "/api/v1/customers", "customers.write", "{\"firstName\":\"Barbara\"}");
        haircut = create("catalog-staff-service", "/api/v1/services", "services.write",
                "{\"name\":\"Haircut\",\"durationMinutes\":45,\"price\":{\"amount\":4500,\"currency\":\"EUR\"}}");
        shampoo = create("catalog-staff-service", "/api/v1/products", "inventory.write",
                "{\"name\":\"Shampoo\",\"sku\":\"SH\",\"stockQuantity\":10,\"lowStockThreshold\":2,\"price\":{\"amount\":1250,\"currency\":\"EUR\"}}");
        wax = create("catalog-staff-service", "/api/v1/products", "inventory.write",
                "{\"name\":\"Wax\",\"sku\":\"WX\",\"stockQuantity\":5,\"lowStockThreshold\":0,\"price\":{\"amount\":800,\"currency\":\"EUR\"}}");
        stylist = create("catalog-staff-service", "/api/v1/staff", "staff.write", "{\"name\":\"Mia\"}");
    }

    String create(String module, String path, String scope, String body) {
        return given().baseUri(ServiceDependenciesTestResource.url(module))
                .auth().oauth2(InternalTokens.forTenant(tenant, scope)).contentType(ContentType.JSON).body(body)
                .post(path).then().statusCode(201).extract().path("id");
    }

    int stockOf(String product) {
        return given().baseUri(ServiceDependenciesTestResource.url("catalog-staff-service"))
                .auth().oauth2(InternalTokens.forTenant(tenant, "inventory.read"))
                .get("/api/v1/products/" + product).then().statusCode(200).extract().path("stockQuantity");
    }

    RequestSpecification till() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "transactions.read", "transactions.write",
                "payments.read")).contentType(ContentType.JSON);
    }

    /** A haircut, two shampoos and a wax: 4500 + 2 × 1250 + 800 = 7800 EUR cents, paid half cash, half card. */
    String halfCashHalfCard() {
        return """
                {"customerId":"%s","items":[
                  {"type":"service","refId":"%s","quantity":1},
                  {"type":"product","refId":"%s","quantity":2},
                  {"type":"product","refId":"%s","quantity":1}],
                 "payments":[{"method":"cash","amount":{"amount":3900,"currency":"EUR"}},
                             {"method":"card","amount":{"amount":3900,"currency":"EUR"}}]}"""
                .formatted(customer, haircut, shampoo, wax);
    }
}
