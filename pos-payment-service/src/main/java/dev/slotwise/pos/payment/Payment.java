package dev.slotwise.pos.payment;

import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/** Money received for a sale, by one method; refunded with its sale. */
@Entity
@Table(name = "payments")
public class Payment extends TenantOwned {

    public static final String RECEIVED = "received";
    public static final String REFUNDED = "refunded";

    @Column(name = "transaction_id", nullable = false, updatable = false)
    public String transactionId;
    @Column(nullable = false, updatable = false)
    public String method;
    @Column(nullable = false, updatable = false)
    public long amount;
    @Column(nullable = false, updatable = false)
    public String currency;
    @Column(nullable = false)
    public String status;
    @Column(name = "refunded_at")
    public Instant refundedAt;

    public void refund(Instant now) {
        status = REFUNDED;
        refundedAt = now;
        updatedAt = now;
    }

    Money money() {
        return Money.of(amount, currency);
    }
}
