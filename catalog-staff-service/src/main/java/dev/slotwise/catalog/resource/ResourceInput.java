package dev.slotwise.catalog.resource;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /api/v1/resources}; {@code locationId} must name a location of the tenant. */
public record ResourceInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @NotNull(message = "is required") @Size(min = 1, max = 50, message = "must be 1 to 50 characters") String type,
        String locationId) {
}
