package dev.slotwise.pos.sale;

import dev.slotwise.commons.money.Money;
import dev.slotwise.pos.payment.PaymentView;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The transaction resource of CONTRACT §5, as answered and as carried in transaction.* events. */
public record TransactionView(String id, String customerId, String appointmentId, List<SaleLine> items, Money total,
        List<PaymentView> payments, String status, Map<String, String> metadata, Instant createdAt,
        Instant refundedAt) {

    static TransactionView of(Sale sale, List<PaymentView> payments) {
        return new TransactionView(sale.id, sale.customerId, sale.appointmentId, sale.items, sale.total(), payments,
                sale.status, sale.metadata, sale.createdAt, sale.refundedAt);
    }
}
