package dev.slotwise.pos.sale;

import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.json.NoFields;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/v1/transactions} with refund (CONTRACT §5). */
@Path("/api/v1/transactions")
@Produces(MediaType.APPLICATION_JSON)
public class TransactionResource {

    private final Register register;
    private final TenantContext tenant;

    public TransactionResource(Register register, TenantContext tenant) {
        this.register = register;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("transactions.read")
    public Uni<Page<TransactionView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return register.list(tenant.tenantId(), PageRequest.parse(limit, cursor, SaleRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("transactions.write")
    public Uni<Response> create(@Valid SaleInput input) {
        RequestBody.require(input);
        return register.sell(tenant.tenantId(), tenant.bearerToken(), input)
                .map(created -> Created.at("/api/v1/transactions/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("transactions.read")
    public Uni<TransactionView> get(@PathParam("id") String id) {
        return register.get(tenant.tenantId(), id);
    }

    @POST
    @Path("{id}/refund")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("transactions.write")
    public Uni<TransactionView> refund(@PathParam("id") String id, NoFields none) {
        return register.refund(tenant.tenantId(), id);
    }
}
