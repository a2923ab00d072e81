package dev.slotwise.gateway.user;

import java.time.Instant;

/** A tenant user as the operator API shows it: never the password or its hash. */
public record UserView(String id, String tenantId, String email, Instant createdAt) {

    static UserView of(TenantUser user) {
        return new UserView(user.id, user.tenantId, user.email, user.createdAt);
    }
}
