package dev.slotwise.commons.tenant;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/**
 * What every tenant's resource row has: a prefixed ULID {@code id}, the owning {@code tenant_id} (never changed),
 * and its creation and last-change times. {@link TenantScopedRepository} reads these rows through the tenant.
 */
@MappedSuperclass
public abstract class TenantOwned extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "tenant_id", nullable = false, updatable = false)
    public String tenantId;
    @Column(name = "created_at", nullable = false, updatable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** Makes a new row of {@code tenantId}, created and changed at {@code now}. */
    public void create(String newId, String owner, Instant now) {
        id = newId;
        tenantId = owner;
        createdAt = now;
        updatedAt = now;
    }
}
