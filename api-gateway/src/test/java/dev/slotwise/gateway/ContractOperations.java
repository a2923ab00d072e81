package dev.slotwise.gateway;

import java.util.List;

/**
 * The public operations and scopes as CONTRACT §4, §5, §8, §14, §15, §16 and §18 state them, written out here for the gateway's tests
 * to compare the code with — never read from the API description or the route table, which are what is under test
 * (issue 34: comparing the route table with the description it is derived from proved nothing). A route added to the
 * description is added here too, from the contract.
 */
public final class ContractOperations {

    private ContractOperations() {
    }

    /** The scopes of CONTRACT §4 that §5, §8, §15 and §18 use (those of §16, §17 and §19 join with their routes). */
    public static final List<String> SCOPES = List.of("customers.read", "customers.write",
            "appointments.read", "appointments.write", "services.read", "services.write", "staff.read", "staff.write",
            "transactions.read", "transactions.write", "payments.read", "reviews.read", "reviews.write",
            "inventory.read", "inventory.write", "campaigns.read", "campaigns.write", "webhooks.write",
            "settings.read", "settings.write");

    /** One operation as the contract names it, with the service that owns it (ARCHITECTURE.md, "Ownership"). */
    public record Operation(String method, String path, String scope, String service) {
    }

    private static Operation op(String method, String path, String scope, String service) {
        return new Operation(method, path, scope, service);
    }

    /** Every operation of CONTRACT §5, §8, §14, §15, §16 and §18 (and PATCH products, the project's addition beyond §5's table). */
    public static final List<Operation> ALL = List.of(
            // §5 customers, §14 search
            op("GET", "/api/v1/customers", "customers.read", "customer"),
            op("POST", "/api/v1/customers", "customers.write", "customer"),
            op("GET", "/api/v1/customers/{id}", "customers.read", "customer"),
            op("PATCH", "/api/v1/customers/{id}", "customers.write", "customer"),
            op("DELETE", "/api/v1/customers/{id}", "customers.write", "customer"), // §19 erasure
            // §5 appointments, §14 availability
            op("GET", "/api/v1/availability", "appointments.read", "appointment"),
            op("GET", "/api/v1/appointments", "appointments.read", "appointment"),
            op("POST", "/api/v1/appointments", "appointments.write", "appointment"),
            op("GET", "/api/v1/appointments/{id}", "appointments.read", "appointment"),
            op("PATCH", "/api/v1/appointments/{id}", "appointments.write", "appointment"),
            op("POST", "/api/v1/appointments/{id}/cancel", "appointments.write", "appointment"),
            op("POST", "/api/v1/appointments/{id}/complete", "appointments.write", "appointment"),
            // §15 no-show and explain
            op("POST", "/api/v1/appointments/{id}/no-show", "appointments.write", "appointment"),
            op("GET", "/api/v1/availability/explain", "appointments.read", "appointment"),
            // §16 holds
            op("POST", "/api/v1/holds", "appointments.write", "appointment"),
            op("GET", "/api/v1/holds/{id}", "appointments.read", "appointment"),
            op("DELETE", "/api/v1/holds/{id}", "appointments.write", "appointment"),
            // §15 booking policy, closures, date overrides
            op("GET", "/api/v1/booking-policy", "settings.read", "catalog"),
            op("PUT", "/api/v1/booking-policy", "settings.write", "catalog"),
            op("GET", "/api/v1/closures", "settings.read", "catalog"),
            op("POST", "/api/v1/closures", "settings.write", "catalog"),
            op("DELETE", "/api/v1/closures/{id}", "settings.write", "catalog"),
            // §17 locations and resources
            op("GET", "/api/v1/locations", "settings.read", "catalog"),
            op("POST", "/api/v1/locations", "settings.write", "catalog"),
            op("GET", "/api/v1/locations/{id}", "settings.read", "catalog"),
            op("PATCH", "/api/v1/locations/{id}", "settings.write", "catalog"),
            op("GET", "/api/v1/resources", "settings.read", "catalog"),
            op("POST", "/api/v1/resources", "settings.write", "catalog"),
            op("GET", "/api/v1/resources/{id}", "settings.read", "catalog"),
            op("PATCH", "/api/v1/resources/{id}", "settings.write", "catalog"),
            op("GET", "/api/v1/staff/{id}/date-overrides", "staff.read", "catalog"),
            op("PUT", "/api/v1/staff/{id}/date-overrides/{date}", "staff.write", "catalog"),
            op("DELETE", "/api/v1/staff/{id}/date-overrides/{date}", "staff.write", "catalog"),
            // §5 services and staff, §14 working hours and time off
            op("GET", "/api/v1/services", "services.read", "catalog"),
            op("POST", "/api/v1/services", "services.write", "catalog"),
            op("GET", "/api/v1/services/{id}", "services.read", "catalog"),
            op("PATCH", "/api/v1/services/{id}", "services.write", "catalog"),
            op("GET", "/api/v1/staff", "staff.read", "catalog"),
            op("POST", "/api/v1/staff", "staff.write", "catalog"),
            op("GET", "/api/v1/staff/{id}", "staff.read", "catalog"),
            op("PATCH", "/api/v1/staff/{id}", "staff.write", "catalog"),
            op("GET", "/api/v1/staff/{id}/working-hours", "staff.read", "catalog"),
            op("PUT", "/api/v1/staff/{id}/working-hours", "staff.write", "catalog"),
            op("GET", "/api/v1/staff/{id}/time-off", "staff.read", "catalog"),
            op("POST", "/api/v1/staff/{id}/time-off", "staff.write", "catalog"),
            op("DELETE", "/api/v1/staff/{id}/time-off/{timeOffId}", "staff.write", "catalog"),
            op("POST", "/api/v1/staff/{id}/check-in", "staff.write", "catalog"),
            op("POST", "/api/v1/staff/{id}/check-out", "staff.write", "catalog"),
            // §5 products (PATCH is the project's addition beyond §5's table, under inventory.write)
            op("GET", "/api/v1/products", "inventory.read", "catalog"),
            op("POST", "/api/v1/products", "inventory.write", "catalog"),
            op("GET", "/api/v1/products/{id}", "inventory.read", "catalog"),
            op("PATCH", "/api/v1/products/{id}", "inventory.write", "catalog"),
            op("POST", "/api/v1/products/{id}/stock-adjustments", "inventory.write", "catalog"),
            // §5 sales and payments
            op("GET", "/api/v1/transactions", "transactions.read", "pos"),
            op("POST", "/api/v1/transactions", "transactions.write", "pos"),
            op("GET", "/api/v1/transactions/{id}", "transactions.read", "pos"),
            op("POST", "/api/v1/transactions/{id}/refund", "transactions.write", "pos"),
            op("GET", "/api/v1/payments", "payments.read", "pos"),
            op("GET", "/api/v1/payments/{id}", "payments.read", "pos"),
            // §5 reviews and campaigns
            op("GET", "/api/v1/reviews", "reviews.read", "customer"),
            op("POST", "/api/v1/reviews", "reviews.write", "customer"),
            op("GET", "/api/v1/campaigns", "campaigns.read", "customer"),
            op("POST", "/api/v1/campaigns", "campaigns.write", "customer"),
            op("GET", "/api/v1/campaigns/{id}", "campaigns.read", "customer"),
            op("POST", "/api/v1/campaigns/{id}/send", "campaigns.write", "customer"),
            // §8 webhooks
            op("GET", "/api/webhook-endpoints", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints", "webhooks.write", "webhooks"),
            op("GET", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            op("PATCH", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            op("DELETE", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/rotate-secret", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/ping", "webhooks.write", "webhooks"),
            op("GET", "/api/webhook-endpoints/{id}/deliveries", "webhooks.write", "webhooks"),
            op("GET", "/api/webhook-endpoints/{id}/deliveries/{deliveryId}", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/replay", "webhooks.write", "webhooks"),
            op("POST", "/api/webhook-endpoints/{id}/recover", "webhooks.write", "webhooks"),
            // §18 notifications and staff calendar feeds
            op("GET", "/api/v1/notification-settings", "settings.read", "notification"),
            op("PUT", "/api/v1/notification-settings", "settings.write", "notification"),
            op("GET", "/api/v1/notifications", "appointments.read", "notification"),
            op("POST", "/api/v1/staff/{id}/calendar-feed", "staff.write", "notification"),
            op("DELETE", "/api/v1/staff/{id}/calendar-feed", "staff.write", "notification"));

    /** A concrete request path for a contracted path: its parameters filled in. */
    public static String concrete(String path) {
        return path.replace("{id}", "x_1").replace("{timeOffId}", "tof_1").replace("{date}", "2030-12-24")
                .replace("{deliveryId}", "0b9f4c1e-0000-4000-8000-000000000000");
    }
}
