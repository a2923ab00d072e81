package dev.slotwise.catalog.product;

import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /internal/v1/products/{id}}: pos-payment-service's check of a sold product and its catalog price.
 * Any valid internal token of the tenant may ask; the gateway never routes {@code /internal}.
 */
@Path("/internal/v1/products")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class ProductLookupResource {

    private final Inventory inventory;
    private final TenantContext tenant;

    public ProductLookupResource(Inventory inventory, TenantContext tenant) {
        this.inventory = inventory;
        this.tenant = tenant;
    }

    @GET
    @Path("{id}")
    public Uni<ProductView> get(@PathParam("id") String id) {
        return inventory.get(tenant.tenantId(), id);
    }
}
