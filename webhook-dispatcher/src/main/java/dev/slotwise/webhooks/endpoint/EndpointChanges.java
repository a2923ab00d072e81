package dev.slotwise.webhooks.endpoint;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/** What a merge patch of an endpoint may change; {@code status} pauses ({@code paused}) or resumes ({@code active}). */
public record EndpointChanges(
        @NotBlank(message = "is required") @Size(max = 2048, message = "must be at most 2048 characters") String url,
        @NotEmpty(message = "must name at least one event type") List<String> events,
        @Size(max = 500, message = "must be at most 500 characters") String description,
        @NotNull(message = "is required") @Pattern(regexp = "active|paused", message = "must be active or paused") String status) {

    static EndpointChanges of(WebhookEndpoint endpoint) {
        return new EndpointChanges(endpoint.url, List.of(endpoint.events), endpoint.description, endpoint.status);
    }
}
