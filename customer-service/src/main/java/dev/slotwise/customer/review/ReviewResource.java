package dev.slotwise.customer.review;

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
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/v1/reviews} (CONTRACT §5); the list filters by {@code customerId}. */
@Path("/api/v1/reviews")
@Produces(MediaType.APPLICATION_JSON)
public class ReviewResource {

    private final Reviews reviews;
    private final TenantContext tenant;

    public ReviewResource(Reviews reviews, TenantContext tenant) {
        this.reviews = reviews;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("reviews.read")
    public Uni<Page<ReviewView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("customerId") String customerId) {
        return reviews.list(tenant.tenantId(), customerId, PageRequest.parse(limit, cursor, ReviewRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("reviews.write")
    public Uni<Response> create(@Valid ReviewInput input) {
        RequestBody.require(input);
        return reviews.create(tenant.tenantId(), tenant.bearerToken(), input)
                .map(created -> Created.at("/api/v1/reviews/" + created.id(), created));
    }
}
