package dev.slotwise.webhooks.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;
import java.util.List;

/**
 * A delivery of CONTRACT §8; the detail adds every attempt and the payload (the body as sent), which the list leaves
 * out.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DeliveryView(String id, String eventId, String eventType, String status, int attemptCount,
        Instant nextAttemptAt, Integer lastResponseStatus, String lastError, String replayOf, Instant createdAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Attempt> attempts,
        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonRawValue String payload) {

    /** One HTTP attempt: when, the answer's status (null when there was none), how long, and the error class. */
    public record Attempt(Instant at, Integer responseStatus, int durationMs, String error) {
    }
}
