package dev.slotwise.catalog.staff;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * The writable fields of a staff member. Whether they are checked in changes only through check-in and
 * check-out, never through a patch.
 */
public record StaffInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @Email(regexp = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", message = "must be a valid e-mail address")
        @Size(max = 254, message = "must be at most 254 characters") String email) {

    static StaffInput of(StaffMember member) {
        return new StaffInput(member.name, member.email);
    }
}
