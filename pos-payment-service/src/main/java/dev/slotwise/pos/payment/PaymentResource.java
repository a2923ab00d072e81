package dev.slotwise.pos.payment;

import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** {@code /api/v1/payments} (CONTRACT §5): read only; payments are made with a transaction. */
@Path("/api/v1/payments")
@Produces(MediaType.APPLICATION_JSON)
public class PaymentResource {

    private final PaymentRepository payments;
    private final TenantContext tenant;

    public PaymentResource(PaymentRepository payments, TenantContext tenant) {
        this.payments = payments;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("payments.read")
    public Uni<Page<PaymentView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("transactionId") String transactionId) {
        PageRequest page = PageRequest.parse(limit, cursor, PaymentRepository.PREFIX);
        String tenantId = tenant.tenantId();
        return Panache.withSession(() -> payments.page(tenantId, transactionId, page))
                .map(rows -> Page.of(rows, page, p -> p.id).map(PaymentView::of));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("payments.read")
    public Uni<PaymentView> get(@PathParam("id") String id) {
        String tenantId = tenant.tenantId();
        return Panache.withSession(() -> payments.require(tenantId, id)).map(PaymentView::of);
    }
}
