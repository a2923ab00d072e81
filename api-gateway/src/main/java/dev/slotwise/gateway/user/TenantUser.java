package dev.slotwise.gateway.user;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A person of a tenant who signs in to approve OAuth applications. The password is kept only as a bcrypt hash. */
@Entity
@Table(name = "tenant_users")
public class TenantUser extends TenantOwned {

    @Column(nullable = false)
    public String email;
    @Column(name = "password_hash", nullable = false)
    public String passwordHash;
}
