package dev.slotwise.gateway.credential;

import java.util.List;
import java.util.Set;

/** Every scope of CONTRACT §4. */
public final class Scopes {

    public static final List<String> ALL = List.of(
            "customers.read", "customers.write", "appointments.read", "appointments.write",
            "services.read", "services.write", "staff.read", "staff.write",
            "transactions.read", "transactions.write", "payments.read",
            "reviews.read", "reviews.write", "inventory.read", "inventory.write",
            "campaigns.read", "campaigns.write", "webhooks.write");
    private static final Set<String> KNOWN = Set.copyOf(ALL);

    private Scopes() {
    }

    public static boolean known(String scope) {
        return KNOWN.contains(scope);
    }
}
