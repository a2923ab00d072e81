package dev.slotwise.customer.review;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The body of a review: the customer (of this tenant), a rating from 1 to 5, optionally the appointment and a comment. */
public record ReviewInput(
        @NotBlank(message = "is required") String customerId,
        @Pattern(regexp = "appt_[0-9a-z]{26}", message = "must be an appointment id") String appointmentId,
        @NotNull(message = "is required") @Min(value = 1, message = "must be from 1 to 5")
        @Max(value = 5, message = "must be from 1 to 5") Integer rating,
        @Size(max = 5000, message = "must be at most 5000 characters") String comment) {
}
