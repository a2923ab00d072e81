package dev.slotwise.gateway.user;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /admin/v1/tenants/{id}/users}. Passwords are 12 to 72 characters: long enough to resist
 * guessing, and within what bcrypt hashes (72 bytes).
 */
public record UserInput(
        @NotBlank(message = "is required")
        @Email(regexp = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", message = "must be a valid e-mail address")
        @Size(max = 254, message = "must be at most 254 characters") String email,
        @NotNull(message = "is required") @Size(min = 12, max = 72, message = "must be 12 to 72 characters") String password) {

    @Override
    public String toString() {
        return "UserInput[email=" + email + ", password=<hidden>]";
    }
}
