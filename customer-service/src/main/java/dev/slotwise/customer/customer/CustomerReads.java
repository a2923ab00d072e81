package dev.slotwise.customer.customer;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.TreeMap;

/**
 * One customer by id, read with the reactive PostgreSQL client itself: the API's hottest read needs no ORM session,
 * no entity and no change tracking — one prepared statement (cached per connection), one row, one view. Writes stay
 * with {@link CustomerService}, through Hibernate Reactive and the outbox.
 */
@ApplicationScoped
public class CustomerReads {

    private static final String BY_ID = "select id, first_name, last_name, email, phone, notes, marketing_consent,"
            + " notifications_opt_out, metadata, created_at, updated_at from customers where tenant_id = $1 and id = $2";

    private final Pool pool;

    public CustomerReads(Pool pool) {
        this.pool = pool;
    }

    /** The tenant's customer, or a 404 problem (another tenant's customer is not found either). */
    public Uni<CustomerView> byId(String tenantId, String id) {
        if (!Ids.looksLike(CustomerRepository.PREFIX, id)) {
            return Uni.createFrom().failure(ApiException.notFound("customer"));
        }
        return UniHelper.toUni(find(tenantId, id)).onItem().ifNull().failWith(() -> ApiException.notFound("customer"));
    }

    /** The tenant's customer, or {@code null} (another tenant's customer is not there either). */
    public Future<CustomerView> find(String tenantId, String id) {
        return pool.preparedQuery(BY_ID).execute(Tuple.of(tenantId, id)).map(rows -> {
            RowIterator<Row> found = rows.iterator();
            return found.hasNext() ? view(found.next()) : null;
        });
    }

    /** The stored metadata: an object of strings (the API accepts nothing else). */
    static Map<String, String> metadata(JsonObject stored) {
        Map<String, String> metadata = new TreeMap<>();
        stored.forEach(entry -> metadata.put(entry.getKey(), String.valueOf(entry.getValue())));
        return metadata;
    }

    private static CustomerView view(Row row) {
        return new CustomerView(row.getString(0), row.getString(1), row.getString(2), row.getString(3),
                row.getString(4), row.getString(5), row.getBoolean(6), row.getBoolean(7), metadata(row.getJsonObject(8)),
                row.getOffsetDateTime(9).toInstant(), row.getOffsetDateTime(10).toInstant());
    }
}
