package dev.slotwise.customer.customer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.Created;
import dev.slotwise.commons.metadata.MetadataFilter;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /api/v1/customers} (CONTRACT §5). The tenant comes from the internal token only. */
@Path("/api/v1/customers")
@Produces(MediaType.APPLICATION_JSON)
public class CustomerResource {

    private final CustomerService customers;
    private final CustomerReads reads;
    private final TenantContext tenant;

    public CustomerResource(CustomerService customers, CustomerReads reads, TenantContext tenant) {
        this.customers = customers;
        this.reads = reads;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("customers.read")
    public Uni<Page<CustomerView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
                                        @Context UriInfo uri) {
        // read from the query itself: a parameter given empty (?email=) is a malformed search, not an absent one
        MultivaluedMap<String, String> query = uri.getQueryParameters();
        return customers.list(tenant.tenantId(), PageRequest.parse(limit, cursor, CustomerRepository.PREFIX),
                CustomerSearch.parse(query.getFirst("email"), query.getFirst("phone"), query.getFirst("q"),
                        MetadataFilter.parse(query)));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("customers.write")
    public Uni<Response> create(@Valid CustomerInput input) {
        RequestBody.require(input);
        return customers.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/customers/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("customers.read")
    public Uni<CustomerView> get(@PathParam("id") String id) {
        return reads.byId(tenant.tenantId(), id);
    }

    /** Erases the customer's personal data everywhere Slotwise keeps it (CONTRACT §19). */
    @DELETE
    @Path("{id}")
    @RolesAllowed("customers.write")
    public Uni<Response> erase(@PathParam("id") String id) {
        return customers.erase(tenant.tenantId(), tenant.bearerToken(), id).map(done -> Response.noContent().build());
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @RolesAllowed("customers.write")
    public Uni<CustomerView> update(@PathParam("id") String id, @HeaderParam("If-Match") String ifMatch,
                                     JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return customers.update(tenant.tenantId(), id, patch, ifMatch);
    }
}
