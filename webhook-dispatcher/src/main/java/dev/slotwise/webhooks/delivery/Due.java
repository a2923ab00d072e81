package dev.slotwise.webhooks.delivery;

import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.UUID;

/**
 * A claimed delivery, with what sending it needs, and the tenant whose share of the replica it uses. {@code inOrder}: released from held, so it is sent only when
 * nothing else of its endpoint is in flight. {@code original}: the event's own delivery, not a replay of one.
 * {@code traceParent}: the trace its attempts belong to.
 */
record Due(UUID id, String endpointId, String tenantId, String eventType, String payload, int attemptCount, String url,
        byte[] secretCiphertext, byte[] previousSecretCiphertext, boolean inOrder, OffsetDateTime dueAt,
        OffsetDateTime createdAt, boolean original, String traceParent) {

    /** The order an endpoint's deliveries start in: when they fell due, then when their events arrived. */
    static final Comparator<Due> SENDING_ORDER = Comparator.comparing(Due::dueAt)
            .thenComparing(Due::createdAt).thenComparing(Due::id);
}
