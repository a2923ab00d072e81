package dev.slotwise.webhooks.endpoint;

import java.util.Set;

/** The 15 event types of CONTRACT §7 an endpoint can subscribe to. */
public final class EventTypes {

    public static final Set<String> ALL = Set.of(
            "appointment.created", "appointment.updated", "appointment.cancelled", "appointment.completed",
            "customer.created", "customer.updated", "payment.received", "payment.refunded",
            "transaction.completed", "transaction.refunded", "staff.checkin", "staff.checkout",
            "stock.low", "campaign.sent", "ping");

    private EventTypes() {
    }
}
