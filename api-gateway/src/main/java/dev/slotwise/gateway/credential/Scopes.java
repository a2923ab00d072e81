package dev.slotwise.gateway.credential;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Every scope of CONTRACT §4. */
public final class Scopes {

    public static final List<String> ALL = List.of(
            "customers.read", "customers.write", "appointments.read", "appointments.write",
            "services.read", "services.write", "staff.read", "staff.write",
            "transactions.read", "transactions.write", "payments.read",
            "reviews.read", "reviews.write", "inventory.read", "inventory.write",
            "campaigns.read", "campaigns.write", "webhooks.write", "settings.read", "settings.write");
    private static final Set<String> KNOWN = Set.copyOf(ALL);
    private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            Map.entry("customers.read", "See your customers and their history"),
            Map.entry("customers.write", "Add, change and delete customers"),
            Map.entry("appointments.read", "See appointments"),
            Map.entry("appointments.write", "Book, reschedule, check in and cancel appointments"),
            Map.entry("services.read", "See your services and prices"),
            Map.entry("services.write", "Add, change and remove services"),
            Map.entry("staff.read", "See your staff"),
            Map.entry("staff.write", "Add, change and remove staff"),
            Map.entry("transactions.read", "See sales"),
            Map.entry("transactions.write", "Record sales and refunds"),
            Map.entry("payments.read", "See payments"),
            Map.entry("reviews.read", "See reviews"),
            Map.entry("reviews.write", "Collect and answer reviews"),
            Map.entry("inventory.read", "See products and stock"),
            Map.entry("inventory.write", "Change products and stock"),
            Map.entry("campaigns.read", "See marketing campaigns"),
            Map.entry("campaigns.write", "Create and send marketing campaigns"),
            Map.entry("webhooks.write", "Receive notifications of changes (webhooks)"),
            Map.entry("settings.read", "See your booking policy, closures, locations, resources and notification settings"),
            Map.entry("settings.write", "Change your booking policy, closures, locations, resources and notification settings"));

    private Scopes() {
    }

    public static boolean known(String scope) {
        return KNOWN.contains(scope);
    }

    /** What the scope lets an application do, in words a business owner reads on the consent page. */
    public static String describe(String scope) {
        return DESCRIPTIONS.getOrDefault(scope, scope);
    }
}
