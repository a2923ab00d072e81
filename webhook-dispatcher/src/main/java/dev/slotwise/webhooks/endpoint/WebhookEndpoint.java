package dev.slotwise.webhooks.endpoint;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

@Entity
@Table(name = "webhook_endpoints")
public class WebhookEndpoint extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "tenant_id", updatable = false)
    public String tenantId;
    public String url;
    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] events;
    public String description;
    public String status;
    @Column(name = "secret_ciphertext")
    public byte[] secretCiphertext;
    @Column(name = "previous_secret_ciphertext")
    public byte[] previousSecretCiphertext;
    @Column(name = "secret_rotated_at")
    public Instant secretRotatedAt;
    @Column(name = "created_at", updatable = false)
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
