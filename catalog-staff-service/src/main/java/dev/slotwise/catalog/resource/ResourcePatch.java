package dev.slotwise.catalog.resource;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * What a merge patch of a resource may change, and must leave valid: its name and whether it takes new bookings.
 * Its type and location are fixed (another field is 422 as unknown): a booking's resource stays what it was booked as.
 */
public record ResourcePatch(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @NotNull(message = "must be true or false") Boolean active) {

    static ResourcePatch of(BookableResource resource) {
        return new ResourcePatch(resource.name, resource.active);
    }
}
