package dev.slotwise.catalog.product;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/v1/products} and their stock adjustments (CONTRACT §5); a patch changes all but the stock level. */
@Path("/api/v1/products")
@Produces(MediaType.APPLICATION_JSON)
public class ProductResource {

    private final Inventory inventory;
    private final TenantContext tenant;

    public ProductResource(Inventory inventory, TenantContext tenant) {
        this.inventory = inventory;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("inventory.read")
    public Uni<Page<ProductView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return inventory.list(tenant.tenantId(), PageRequest.parse(limit, cursor, ProductRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("inventory.write")
    public Uni<Response> create(@Valid ProductInput input) {
        RequestBody.require(input);
        return inventory.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/products/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("inventory.read")
    public Uni<ProductView> get(@PathParam("id") String id) {
        return inventory.get(tenant.tenantId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("inventory.write")
    public Uni<ProductView> update(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch, JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return inventory.update(tenant.tenantId(), id, patch, ifMatch);
    }

    @POST
    @Path("{id}/stock-adjustments")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("inventory.write")
    public Uni<ProductView> adjust(@PathParam("id") String id, @Valid StockAdjustment adjustment) {
        RequestBody.require(adjustment);
        return inventory.adjust(tenant.tenantId(), id, adjustment);
    }
}
