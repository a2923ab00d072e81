package dev.slotwise.webhooks.delivery;

import jakarta.validation.constraints.NotNull;
import java.time.Instant;

/** Body of {@code POST /api/webhook-endpoints/{id}/recover}: the window of failed deliveries to send again. */
public record RecoverInput(@NotNull(message = "is required") Instant since, Instant until) {
}
