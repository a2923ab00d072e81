package dev.slotwise.appointment.erasure;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /internal/v1/customer-erasures/{customerId}}: customer-service seals a customer's id here before it
 * erases the customer (CONTRACT §19). Under the customer's advisory lock (which every booking of that customer takes
 * shared, V4), a booked appointment that has not ended is 409 {@code customer_has_upcoming_appointments}; otherwise
 * the id is recorded as erased and no appointment can be booked for it any more. 204, also when it was sealed before.
 * Any valid internal token of the tenant may ask (the client's request was authorised by customer-service); the
 * gateway never routes {@code /internal}.
 */
@Path("/internal/v1/customer-erasures")
@Authenticated
public class CustomerErasureResource {

    private static final String LOCK = "select pg_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 19))";
    private static final String BOOKED_AHEAD = """
            select exists (select 1 from appointments where tenant_id = $1 and customer_id = $2 and status = 'booked'
                                                      and ends_at > now())""";
    private static final String SEAL = """
            insert into erased_customers (tenant_id, customer_id) values ($1, $2) on conflict do nothing""";

    private final Pool pool;
    private final TenantContext tenant;

    public CustomerErasureResource(Pool pool, TenantContext tenant) {
        this.pool = pool;
        this.tenant = tenant;
    }

    @POST
    @Path("{customerId}")
    public Uni<Response> seal(@PathParam("customerId") String customerId) {
        Tuple customer = Tuple.of(tenant.tenantId(), customerId);
        return pool.withTransaction(connection -> connection.preparedQuery(LOCK).execute(customer)
                .chain(() -> connection.preparedQuery(BOOKED_AHEAD).execute(customer))
                .chain(rows -> {
                    if (rows.iterator().next().getBoolean(0)) {
                        throw ApiException.conflict("customer_has_upcoming_appointments",
                                "the customer has a booked appointment ahead; cancel it before erasing the customer");
                    }
                    return connection.preparedQuery(SEAL).execute(customer);
                }))
                .map(sealed -> Response.noContent().build());
    }
}
