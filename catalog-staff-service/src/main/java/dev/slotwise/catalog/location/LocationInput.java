package dev.slotwise.catalog.location;

import dev.slotwise.commons.zone.ValidTimeZone;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The writable fields of a location: the body of a create, and the state a merge patch must leave valid. */
public record LocationInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @NotNull(message = "is required") @ValidTimeZone String timeZone,
        @Size(max = 500, message = "must be at most 500 characters") String address,
        @Pattern(regexp = "\\+[1-9][0-9]{1,14}", message = "must be an E.164 phone number such as +4915112345678")
        String phone) {

    static LocationInput of(Location location) {
        return new LocationInput(location.name, location.timeZone, location.address, location.phone);
    }
}
