package dev.slotwise.pos.sale;

import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A completed sale (the API's "transaction"): its lines and total; refunded at most once, as a whole. */
@Entity
@Table(name = "transactions")
public class Sale extends TenantOwned {

    static final String COMPLETED = "completed";
    static final String REFUNDED = "refunded";

    @Column(name = "customer_id", updatable = false)
    public String customerId;
    @Column(name = "appointment_id", updatable = false)
    public String appointmentId;
    @Convert(converter = ItemsColumn.class)
    @Column(nullable = false, updatable = false)
    public List<SaleLine> items;
    @Column(name = "total_amount", nullable = false, updatable = false)
    public long totalAmount;
    @Column(nullable = false, updatable = false)
    public String currency;
    @Column(nullable = false)
    public String status;
    @Column(name = "refunded_at")
    public Instant refundedAt;
    /** The integrator's own key-value pairs (CONTRACT §19), never null. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> metadata = Metadata.of(null);

    Money total() {
        return Money.of(totalAmount, currency);
    }

    void refund(Instant now) {
        if (!COMPLETED.equals(status)) {
            throw ApiException.conflict("invalid_transition", "the transaction was refunded already");
        }
        status = REFUNDED;
        refundedAt = now;
        updatedAt = now;
    }
}
