package dev.slotwise.pos.sale;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.money.Money;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.pos.payment.Payment;
import dev.slotwise.pos.payment.PaymentRepository;
import dev.slotwise.pos.payment.PaymentView;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The till: a sale is priced and checked before any transaction opens, then stored with its payments and its
 * events (transaction.completed, then one payment.received per payment) in one transaction. A refund locks the
 * sale, refunds every payment and records transaction.refunded and one payment.refunded each. All events of a sale
 * are keyed by its id, so consumers see them in order.
 */
@ApplicationScoped
public class Register {

    private final SaleRepository sales;
    private final PaymentRepository payments;
    private final SaleReferences references;
    private final Outbox outbox;

    public Register(SaleRepository sales, PaymentRepository payments, SaleReferences references, Outbox outbox) {
        this.sales = sales;
        this.payments = payments;
        this.references = references;
        this.outbox = outbox;
    }

    Uni<Page<TransactionView>> list(String tenantId, PageRequest page) {
        return Panache.withSession(() -> sales.page(tenantId, page).chain(rows -> {
            List<String> ids = rows.stream().map(s -> s.id).toList();
            return payments.ofSales(tenantId, ids).map(paid -> {
                Map<String, List<PaymentView>> bySale = paid.stream()
                        .collect(Collectors.groupingBy(p -> p.transactionId, Collectors.mapping(PaymentView::of, Collectors.toList())));
                return Page.of(rows, page, s -> s.id)
                        .map(sale -> TransactionView.of(sale, bySale.getOrDefault(sale.id, List.of())));
            });
        }));
    }

    Uni<TransactionView> get(String tenantId, String id) {
        return Panache.withSession(() -> sales.require(tenantId, id).chain(sale -> withPayments(sale)));
    }

    Uni<TransactionView> sell(String tenantId, String bearerToken, SaleInput input) {
        return references.resolve(bearerToken, input).chain(lines -> {
            Money total = SaleTotals.total(lines, input.payments());
            return Panache.withTransaction(() -> {
                Instant now = now();
                Sale sale = new Sale();
                sale.create(Ids.next(SaleRepository.PREFIX), tenantId, now);
                sale.customerId = input.customerId();
                sale.appointmentId = input.appointmentId();
                sale.metadata = Metadata.of(input.metadata());
                sale.items = lines;
                sale.totalAmount = total.amount();
                sale.currency = total.currency();
                sale.status = Sale.COMPLETED;
                List<Payment> paid = input.payments().stream().map(p -> {
                    Payment payment = new Payment();
                    payment.create(Ids.next(PaymentRepository.PREFIX), tenantId, now);
                    payment.transactionId = sale.id;
                    payment.method = p.method();
                    payment.amount = p.amount().amount();
                    payment.currency = p.amount().currency();
                    payment.status = Payment.RECEIVED;
                    return payment;
                }).toList();
                return sales.persist(sale)
                        .chain(() -> payments.persist(paid))
                        .chain(() -> publish(sale, paid, "transaction.completed", "payment.received"));
            });
        });
    }

    Uni<TransactionView> refund(String tenantId, String id) {
        return Panache.withTransaction(() -> sales.requireForUpdate(tenantId, id).chain(sale -> {
            Instant now = now();
            sale.refund(now);
            return payments.ofSales(tenantId, List.of(sale.id)).chain(paid -> {
                paid.forEach(payment -> payment.refund(now));
                return publish(sale, paid, "transaction.refunded", "payment.refunded");
            });
        }));
    }

    private Uni<TransactionView> withPayments(Sale sale) {
        return payments.ofSales(sale.tenantId, List.of(sale.id))
                .map(paid -> TransactionView.of(sale, paid.stream().map(PaymentView::of).toList()));
    }

    private Uni<TransactionView> publish(Sale sale, List<Payment> paid, String saleEvent, String paymentEvent) {
        TransactionView view = TransactionView.of(sale, paid.stream().map(PaymentView::of).toList());
        Uni<Void> recorded = sales.flush()
                .chain(() -> outbox.record(saleEvent, sale.tenantId, sale.id, view)).replaceWithVoid();
        for (PaymentView payment : view.payments()) {
            recorded = recorded.chain(() -> outbox.record(paymentEvent, sale.tenantId, sale.id, payment)).replaceWithVoid();
        }
        return recorded.map(nothing -> view);
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
