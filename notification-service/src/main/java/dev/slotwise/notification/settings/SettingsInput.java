package dev.slotwise.notification.settings;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * The body of {@code PUT /api/v1/notification-settings}: the whole object (a field left out is 422). {@code senderName}
 * null means the tenant's own name.
 */
public record SettingsInput(
        @NotNull(message = "is required") Boolean emailEnabled,
        @Size(min = 1, max = 100, message = "must be 1 to 100 characters or null") String senderName,
        @Email(regexp = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", message = "must be an e-mail address or null")
        @Size(max = 254, message = "must be an e-mail address or null") String replyTo,
        @NotNull(message = "is required") @Size(max = 3, message = "must hold at most 3 offsets")
        List<@NotNull(message = "must be a number of minutes") @Min(value = 15, message = "must be 15 to 10080")
                @Max(value = 10080, message = "must be 15 to 10080") Integer> reminderMinutesBefore) {
}
