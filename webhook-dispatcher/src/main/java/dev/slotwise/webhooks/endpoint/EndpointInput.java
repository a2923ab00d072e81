package dev.slotwise.webhooks.endpoint;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code POST /api/webhook-endpoints}. */
public record EndpointInput(
        @NotBlank(message = "is required") @Size(max = 2048, message = "must be at most 2048 characters") String url,
        @NotEmpty(message = "must name at least one event type") List<String> events,
        @Size(max = 500, message = "must be at most 500 characters") String description) {
}
