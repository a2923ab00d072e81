package dev.slotwise.webhooks.destination;

/** A URL that webhooks may not go to, with the reason (for the {@code url} field, or a failed attempt). */
public final class DestinationRefused extends RuntimeException {

    public DestinationRefused(String reason) {
        super(reason, null, false, false);
    }
}
