package dev.slotwise.gateway.apikey;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "api_keys")
public class ApiKey extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "tenant_id", updatable = false)
    public String tenantId;
    public String name;
    /** Space-separated, as in the internal token's scope claim. */
    public String scopes;
    @Column(name = "key_hash", updatable = false)
    public byte[] keyHash;
    @Column(name = "created_at", updatable = false)
    public Instant createdAt;
    @Column(name = "revoked_at")
    public Instant revokedAt;
    /** Written by {@link KeyUsage}, at most once a minute; never by this entity. */
    @Column(name = "last_used_at", insertable = false, updatable = false)
    public Instant lastUsedAt;
}
