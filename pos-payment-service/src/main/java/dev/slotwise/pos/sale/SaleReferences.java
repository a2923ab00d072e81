package dev.slotwise.pos.sale;

import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import dev.slotwise.pos.reference.AppointmentDirectory;
import dev.slotwise.pos.reference.AppointmentRef;
import dev.slotwise.pos.reference.CatalogDirectory;
import dev.slotwise.pos.reference.CustomerDirectory;
import dev.slotwise.pos.reference.PricedRef;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything a sale names, checked with the services that own it, concurrently: the customer and the appointment
 * (when given; the appointment must be the customer's), and every item's service or product, whose catalog price
 * applies where the client sent none. Unknown ids are one 422 naming every such field; a dependency that does not
 * answer is 503 {@code upstream_unavailable}.
 */
@ApplicationScoped
public class SaleReferences {

    private final CustomerDirectory customers;
    private final AppointmentDirectory appointments;
    private final CatalogDirectory catalog;

    public SaleReferences(CustomerDirectory customers, AppointmentDirectory appointments, CatalogDirectory catalog) {
        this.customers = customers;
        this.appointments = appointments;
        this.catalog = catalog;
    }

    Uni<List<SaleLine>> resolve(String bearerToken, SaleInput sale) {
        Uni<Boolean> customer = sale.customerId() == null ? Uni.createFrom().item(true)
                : InternalLookups.guardedById("customer-service", "cus", sale.customerId(), false,
                        () -> customers.exists(bearerToken, sale.customerId()));
        Uni<Optional<AppointmentRef>> appointment = sale.appointmentId() == null ? Uni.createFrom().item(Optional.empty())
                : InternalLookups.guardedById("appointment-service", "appt", sale.appointmentId(), Optional.empty(),
                        () -> appointments.appointment(bearerToken, sale.appointmentId()));
        List<Uni<Optional<PricedRef>>> items = sale.items().stream()
                .map(item -> "service".equals(item.type())
                        ? InternalLookups.guardedById("catalog-staff-service", "svc", item.refId(), Optional.<PricedRef>empty(),
                                () -> catalog.service(bearerToken, item.refId()))
                        : InternalLookups.guardedById("catalog-staff-service", "prd", item.refId(), Optional.<PricedRef>empty(),
                                () -> catalog.product(bearerToken, item.refId())))
                .toList();
        Uni<List<Optional<PricedRef>>> priced = Uni.join().all(items).andFailFast();
        return Uni.combine().all().unis(customer, appointment, priced).asTuple().map(found -> {
            List<FieldError> errors = new ArrayList<>();
            if (!found.getItem1()) {
                errors.add(new FieldError("customerId", "is not a customer of this business"));
            }
            if (sale.appointmentId() != null) {
                Optional<AppointmentRef> booked = found.getItem2();
                if (booked.isEmpty()) {
                    errors.add(new FieldError("appointmentId", "is not an appointment of this business"));
                } else if (sale.customerId() != null && !sale.customerId().equals(booked.get().customerId())) {
                    errors.add(new FieldError("appointmentId", "is an appointment of another customer"));
                }
            }
            List<SaleLine> lines = new ArrayList<>();
            for (int i = 0; i < sale.items().size(); i++) {
                ItemInput item = sale.items().get(i);
                Optional<PricedRef> ref = found.getItem3().get(i);
                if (ref.isEmpty()) {
                    errors.add(new FieldError("items[" + i + "].refId", "is not a " + item.type() + " of this business"));
                    continue;
                }
                lines.add(new SaleLine(item.type(), item.refId(), item.quantity(),
                        item.unitPrice() != null ? item.unitPrice() : ref.get().price()));
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalid(errors);
            }
            return lines;
        });
    }
}
