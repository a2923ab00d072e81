package dev.slotwise.gateway.oauthclient;

import jakarta.validation.constraints.NotNull;

/** The fields {@code PATCH /admin/v1/oauth-clients/{clientId}} may change (a JSON merge patch onto them). */
public record OAuthClientPatch(@NotNull(message = "must be true or false") Boolean disabled) {
}
