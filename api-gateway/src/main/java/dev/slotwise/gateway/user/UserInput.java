package dev.slotwise.gateway.user;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /admin/v1/tenants/{id}/users}; the password follows {@link PasswordRules}. */
public record UserInput(
        @NotBlank(message = "is required")
        @Email(regexp = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", message = "must be a valid e-mail address")
        @Size(max = 254, message = "must be at most 254 characters") String email,
        @PasswordRules String password) {

    @Override
    public String toString() {
        return "UserInput[email=" + email + ", password=<hidden>]";
    }
}
