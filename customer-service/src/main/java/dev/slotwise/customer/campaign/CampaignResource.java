package dev.slotwise.customer.campaign;

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

/** {@code /api/v1/campaigns} with send (CONTRACT §5). */
@Path("/api/v1/campaigns")
@Produces(MediaType.APPLICATION_JSON)
public class CampaignResource {

    private final Campaigns campaigns;
    private final TenantContext tenant;

    public CampaignResource(Campaigns campaigns, TenantContext tenant) {
        this.campaigns = campaigns;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("campaigns.read")
    public Uni<Page<CampaignView>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return campaigns.list(tenant.tenantId(), PageRequest.parse(limit, cursor, CampaignRepository.PREFIX));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("campaigns.write")
    public Uni<Response> create(@Valid CampaignInput input) {
        RequestBody.require(input);
        return campaigns.create(tenant.tenantId(), input)
                .map(created -> Created.at("/api/v1/campaigns/" + created.id(), created));
    }

    @GET
    @Path("{id}")
    @RolesAllowed("campaigns.read")
    public Uni<CampaignView> get(@PathParam("id") String id) {
        return campaigns.get(tenant.tenantId(), id);
    }

    @POST
    @Path("{id}/send")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("campaigns.write")
    public Uni<CampaignView> send(@PathParam("id") String id, NoFields none) {
        return campaigns.send(tenant.tenantId(), id);
    }
}
