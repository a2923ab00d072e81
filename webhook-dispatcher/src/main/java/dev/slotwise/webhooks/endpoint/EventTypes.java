package dev.slotwise.webhooks.endpoint;

import dev.slotwise.commons.problem.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The event types of CONTRACT §7 (with §15's appointment.no_show, §18's appointment.reminder_due and §19's customer.deleted) an endpoint can subscribe to, and the scope that reading each family's data
 * takes (CONTRACT §8): subscribing to a family, and seeing a delivery's payload, need it.
 */
public final class EventTypes {

    public static final Set<String> ALL = Set.of(
            "appointment.created", "appointment.updated", "appointment.cancelled", "appointment.completed",
            "appointment.no_show", "appointment.reminder_due", "customer.created", "customer.updated", "customer.deleted",
            "payment.received", "payment.refunded",
            "transaction.completed", "transaction.refunded", "staff.checkin", "staff.checkout",
            "stock.low", "campaign.sent", "ping");

    /**
     * By the part of the type before the dot. The contract names customer, payment, transaction and appointment;
     * the others follow the same rule — the scope that reads what their data shows: staff.* a staff member
     * ({@code staff.read}), stock.low a product ({@code inventory.read}), campaign.sent a campaign
     * ({@code campaigns.read}). {@code ping} carries no business data and needs none.
     */
    private static final Map<String, String> READ_SCOPE_OF_FAMILY = Map.of(
            "appointment", "appointments.read", "customer", "customers.read", "payment", "payments.read",
            "transaction", "transactions.read", "staff", "staff.read", "stock", "inventory.read",
            "campaign", "campaigns.read");
    private static final String PING = "ping";

    static {
        // a type added without its family's scope would be open to every credential: refuse to start instead
        ALL.forEach(EventTypes::readScope);
    }

    private EventTypes() {
    }

    /** The scope reading this type's data takes; empty for {@code ping}. */
    public static Optional<String> readScope(String type) {
        if (PING.equals(type)) {
            return Optional.empty();
        }
        int dot = type.indexOf('.');
        String scope = dot < 0 ? null : READ_SCOPE_OF_FAMILY.get(type.substring(0, dot));
        if (scope == null) {
            throw new IllegalArgumentException("no read scope is known for the event type " + type);
        }
        return Optional.of(scope);
    }

    /** 422 naming the first entry that is not an event type of the contract. */
    static void requireKnown(List<String> events) {
        for (int i = 0; i < events.size(); i++) {
            if (!ALL.contains(events.get(i))) {
                throw ApiException.invalid("events[" + i + "]", "is not a known event type");
            }
        }
    }
}
