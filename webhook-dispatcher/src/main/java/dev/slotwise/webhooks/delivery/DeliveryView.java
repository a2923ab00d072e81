package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.List;

/** A delivery of CONTRACT §8, as the delivery log lists it. */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DeliveryView(String id, String eventId, String eventType, String status, int attemptCount,
        Instant nextAttemptAt, Integer lastResponseStatus, String lastError, String replayOf, Instant createdAt) {

    /**
     * The detail: the delivery with every attempt and the payload (the body as sent) — {@code null} for a caller
     * without the read scope of the event's family (CONTRACT §8).
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Detail(@JsonUnwrapped DeliveryView delivery, List<Attempt> attempts, @JsonRawValue String payload) {
    }

    /** One HTTP attempt: when, the answer's status (null when there was none), how long, and the error class. */
    public record Attempt(Instant at, Integer responseStatus, int durationMs, String error) {
    }
}
