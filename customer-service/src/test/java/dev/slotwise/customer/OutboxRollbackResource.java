package dev.slotwise.customer;

import dev.slotwise.commons.outbox.Outbox;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Map;

/** Test-only: records an event inside a transaction that then fails, as a change that rolls back would. */
@Path("/test/outbox")
public class OutboxRollbackResource {

    private final Outbox outbox;

    public OutboxRollbackResource(Outbox outbox) {
        this.outbox = outbox;
    }

    @POST
    @Path("rolled-back/{marker}")
    @PermitAll
    public Uni<String> rolledBack(@PathParam("marker") String marker) {
        return Panache.withTransaction(() -> outbox.record("customer.updated", "ten_test", "cus_test",
                        Map.of("marker", marker))
                .chain(() -> Uni.createFrom().<String>failure(new IllegalStateException("the change fails"))));
    }
}
