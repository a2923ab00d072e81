package dev.slotwise.customer.campaign;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The body of a campaign: a name, the channel ({@code email} or {@code sms}) and the message. */
public record CampaignInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @NotNull(message = "is required") @Pattern(regexp = "email|sms", message = "must be email or sms") String channel,
        @NotBlank(message = "is required") @Size(max = 10_000, message = "must be at most 10000 characters") String message) {
}
