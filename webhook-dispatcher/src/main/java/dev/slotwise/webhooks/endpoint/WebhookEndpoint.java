package dev.slotwise.webhooks.endpoint;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.quarkus.panache.common.Parameters;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

@Entity
@Table(name = "webhook_endpoints")
public class WebhookEndpoint extends PanacheEntityBase {

    /**
     * One endpoint as a caller may reach it (CONTRACT §8), for statements on the plain pool: {@code $1} the tenant,
     * {@code $2} the endpoint's id, {@code $3} {@link Caller#onlyCreatedBy()} (null: any creator). An endpoint the
     * caller may not reach is not found, exactly as one that does not exist.
     */
    public static final String REACHABLE_BY_ID = "tenant_id = $1 and id = $2 and ($3::text is null or created_by = $3)";

    @Id
    public String id;
    @Column(name = "tenant_id", updatable = false)
    public String tenantId;
    /**
     * The credential that created it (an API key's, a grant's or a panel user's id); null for endpoints created before
     * creators were remembered, which only the business's own credentials reach.
     */
    @Column(name = "created_by", updatable = false)
    public String createdBy;
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

    /** The parameters of {@link #REACHABLE_BY_ID} for this caller and endpoint id. */
    public static List<Object> reachableById(Caller caller, String id) {
        return Arrays.asList(caller.tenantId(), id, caller.onlyCreatedBy());
    }

    /**
     * The HQL condition for every endpoint the caller reaches — the tenant's, and for an application only those its
     * grant created — adding its parameters to {@code parameters}.
     */
    static String reachableBy(Caller caller, Parameters parameters) {
        parameters.and("tenant", caller.tenantId());
        if (caller.onlyCreatedBy() == null) {
            return "tenantId = :tenant";
        }
        parameters.and("creator", caller.onlyCreatedBy());
        return "tenantId = :tenant and createdBy = :creator";
    }
}
