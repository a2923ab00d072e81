package dev.slotwise.gateway.user;

import jakarta.validation.constraints.NotNull;

/** What {@code PATCH /admin/v1/tenants/{id}/users/{userId}} may change (a JSON merge patch): only {@code disabled}. */
public record UserPatch(@NotNull(message = "is required") Boolean disabled) {
}
