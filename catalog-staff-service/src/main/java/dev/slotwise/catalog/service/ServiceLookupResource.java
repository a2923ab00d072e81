package dev.slotwise.catalog.service;

import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /internal/v1/services/{id}}: the reference check of appointment-service (which needs the duration).
 * Any valid internal token of the tenant may ask; the gateway never routes {@code /internal}.
 */
@Path("/internal/v1/services")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class ServiceLookupResource {

    private final ServiceCatalog catalog;
    private final TenantContext tenant;

    public ServiceLookupResource(ServiceCatalog catalog, TenantContext tenant) {
        this.catalog = catalog;
        this.tenant = tenant;
    }

    @GET
    @Path("{id}")
    public Uni<ServiceView> get(@PathParam("id") String id) {
        return catalog.get(tenant.tenantId(), id);
    }
}
