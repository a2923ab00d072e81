package dev.slotwise.pos.payment;

import dev.slotwise.commons.money.Money;
import java.time.Instant;

/** The payment resource of CONTRACT §5, as answered and as carried in payment.* events. */
public record PaymentView(String id, String transactionId, String method, Money amount, String status,
        Instant createdAt, Instant refundedAt) {

    public static PaymentView of(Payment p) {
        return new PaymentView(p.id, p.transactionId, p.method, p.money(), p.status, p.createdAt, p.refundedAt);
    }
}
