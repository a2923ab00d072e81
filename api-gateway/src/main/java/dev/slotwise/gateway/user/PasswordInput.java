package dev.slotwise.gateway.user;

/**
 * A new password: the body of {@code POST /admin/v1/tenants/{id}/users/{userId}/password}, and the panel's
 * {@code New password}. Never printed.
 */
public record PasswordInput(@PasswordRules String password) {

    @Override
    public String toString() {
        return "PasswordInput[password=<hidden>]";
    }
}
