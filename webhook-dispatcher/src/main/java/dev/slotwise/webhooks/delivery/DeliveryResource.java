package dev.slotwise.webhooks.delivery;

import dev.slotwise.commons.json.NoFields;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.tenant.TenantContext;
import dev.slotwise.webhooks.endpoint.Caller;
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
import java.util.Map;

/**
 * An endpoint's deliveries, replay, recovery of failed ones and ping (CONTRACT §8), scope {@code webhooks.write}; only
 * on an endpoint the caller reaches ({@link Caller}).
 */
@Path("/api/webhook-endpoints/{endpointId}")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("webhooks.write")
public class DeliveryResource {

    private final DeliveryLog deliveries;
    private final TenantContext tenant;

    public DeliveryResource(DeliveryLog deliveries, TenantContext tenant) {
        this.deliveries = deliveries;
        this.tenant = tenant;
    }

    @GET
    @Path("deliveries")
    public Uni<Page<DeliveryView>> list(@PathParam("endpointId") String endpointId, @QueryParam("status") String status,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        // delivery ids are UUIDs, so the list pages by time with a cursor of its own; the limit rules are the API's
        int size = PageRequest.parse(limit, null, "").limit();
        return deliveries.list(Caller.of(tenant), endpointId, status, size, cursor);
    }

    @GET
    @Path("deliveries/{deliveryId}")
    public Uni<DeliveryView.Detail> get(@PathParam("endpointId") String endpointId,
            @PathParam("deliveryId") String deliveryId) {
        return deliveries.get(Caller.of(tenant), endpointId, deliveryId);
    }

    @POST
    @Path("deliveries/{deliveryId}/replay")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> replay(@PathParam("endpointId") String endpointId, @PathParam("deliveryId") String deliveryId,
            NoFields none) {
        return deliveries.replay(Caller.of(tenant), endpointId, deliveryId).map(DeliveryResource::accepted);
    }

    /**
     * Sends again every event of the endpoint whose latest delivery failed and was created in the window (CONTRACT
     * §8): one new delivery each; {@code since} at most 7 days back.
     */
    @POST
    @Path("recover")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> recover(@PathParam("endpointId") String endpointId, @Valid RecoverInput input) {
        RequestBody.require(input);
        return deliveries.recover(Caller.of(tenant), endpointId, input)
                .map(queued -> Response.accepted(Map.of("queued", queued)).build());
    }

    @POST
    @Path("ping")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> ping(@PathParam("endpointId") String endpointId, NoFields none) {
        return deliveries.ping(Caller.of(tenant), endpointId).map(DeliveryResource::accepted);
    }

    private static Response accepted(Map<String, String> delivery) {
        return Response.accepted(delivery).build();
    }
}
