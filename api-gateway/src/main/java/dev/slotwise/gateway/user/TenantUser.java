package dev.slotwise.gateway.user;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A person of a tenant who signs in to the panel and to approve OAuth applications. The password is kept only as a
 * bcrypt hash. A disabled user cannot sign in. When all of a user's panel sessions were last ended
 * ({@code sessions_ended_at}) is written by SQL alone (containment and the panel's Account page), in the database's
 * clock, which is the clock the sessions are compared in.
 */
@Entity
@Table(name = "tenant_users")
public class TenantUser extends TenantOwned {

    @Column(nullable = false)
    public String email;
    @Column(name = "password_hash", nullable = false)
    public String passwordHash;
    @Column(nullable = false)
    public boolean disabled;
    @Column(name = "last_sign_in_at", insertable = false, updatable = false)
    public Instant lastSignInAt;
}
