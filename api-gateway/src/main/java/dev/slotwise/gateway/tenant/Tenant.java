package dev.slotwise.gateway.tenant;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "tenants")
public class Tenant extends PanacheEntityBase {

    @Id
    public String id;
    public String name;
    public String plan;
    @Column(name = "time_zone")
    public String timeZone;
    @Column(name = "rate_limit_per_hour")
    public Integer rateLimitPerHour;
    @Column(name = "created_at", updatable = false)
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
