package dev.slotwise.customer.customer;

import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /internal/v1/customers/{id}}: the reference check other services make (an appointment names a
 * customer). Any valid internal token of the tenant may ask, whatever its scopes: the client's request that caused
 * the check was already authorised for its own operation. The gateway never routes {@code /internal}.
 */
@Path("/internal/v1/customers")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class CustomerLookupResource {

    private final CustomerReads customers;
    private final TenantContext tenant;

    public CustomerLookupResource(CustomerReads customers, TenantContext tenant) {
        this.customers = customers;
        this.tenant = tenant;
    }

    @GET
    @Path("{id}")
    public Uni<CustomerView> get(@PathParam("id") String id) {
        return customers.byId(tenant.tenantId(), id);
    }
}
