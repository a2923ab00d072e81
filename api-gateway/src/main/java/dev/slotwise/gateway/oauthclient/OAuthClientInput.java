package dev.slotwise.gateway.oauthclient;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/** The body of {@code POST /admin/v1/oauth-clients}. */
public record OAuthClientInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @NotEmpty(message = "must name at least one redirect URI") @Size(max = 10, message = "must have at most 10 URIs")
        List<@NotBlank(message = "must be an absolute URI") String> redirectUris,
        @NotEmpty(message = "must name at least one scope") List<@NotBlank(message = "must be a scope") String> scopes,
        @NotNull(message = "is required") Boolean confidential) {
}
