package dev.slotwise.catalog.staff;

import dev.slotwise.commons.metadata.ValidMetadata;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The writable fields of a staff member. Whether they are checked in changes only through check-in and
 * check-out, never through a patch. {@code serviceIds} (CONTRACT §14): the services they perform, none or null
 * meaning every service; each must be a service of the tenant, and {@code locationId} (CONTRACT §17) a location of it
 * (both checked by {@link StaffRoster}).
 */
public record StaffInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @Email(regexp = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", message = "must be a valid e-mail address")
        @Size(max = 254, message = "must be at most 254 characters") String email,
        @Size(max = 100, message = "must name at most 100 services")
        List<@NotNull(message = "must be a service id") String> serviceIds,
        @ValidMetadata Map<String, String> metadata,
        String locationId) {

    static StaffInput of(StaffMember member) {
        return new StaffInput(member.name, member.email, member.serviceIds, member.metadata, member.locationId);
    }

    /** The service ids without repeats, in the order given; empty when none were given. */
    List<String> serviceIdsOrNone() {
        return serviceIds == null ? List.of() : List.copyOf(new LinkedHashSet<>(serviceIds));
    }
}
