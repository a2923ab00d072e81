package dev.slotwise.gateway.apikey;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code POST /admin/v1/tenants/{id}/api-keys}. */
public record ApiKeyInput(
        @NotBlank(message = "is required") @Size(max = 100, message = "must be at most 100 characters") String name,
        @NotEmpty(message = "must name at least one scope") List<String> scopes) {
}
