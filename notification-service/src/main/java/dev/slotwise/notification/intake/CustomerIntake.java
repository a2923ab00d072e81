package dev.slotwise.notification.intake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.ConsumerRetry;
import dev.slotwise.commons.event.EventRecords;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Keeps what the e-mails need of each customer — first name, e-mail address, {@code notificationsOptOut} — from
 * customer.created and customer.updated (the customer resource, CONTRACT §7). customer.deleted (§19) erases it here
 * and in the log ({@code to}), and skips what was still to be sent. Events of one customer arrive in order (their key);
 * an erased customer stays erased.
 */
@ApplicationScoped
public class CustomerIntake {

    private static final Logger LOG = Logger.getLogger(CustomerIntake.class);
    private static final String KEEP = """
            insert into customers (id, tenant_id, first_name, email, opt_out) values ($1, $2, $3, $4, $5)
            on conflict (id) do update set first_name = excluded.first_name, email = excluded.email,
                opt_out = excluded.opt_out, updated_at = now()
            where not customers.erased and customers.tenant_id = excluded.tenant_id""";
    private static final String ERASE = """
            insert into customers (id, tenant_id, erased) values ($1, $2, true)
            on conflict (id) do update set first_name = null, email = null, erased = true, updated_at = now()
            where customers.tenant_id = excluded.tenant_id""";
    private static final String ERASE_FROM_LOG = """
            update notifications set recipient = null,
                status = case when status = 'scheduled' and sending_since is null then 'skipped' else status end,
                error = case when status = 'scheduled' and sending_since is null then 'the customer was erased'
                    else error end
            where customer_id = $1 and tenant_id = $2""";

    private final Pool pool;
    private final ObjectMapper json;

    public CustomerIntake(Pool pool, ObjectMapper json) {
        this.pool = pool;
        this.json = json;
    }

    @Incoming("customers")
    public Uni<Void> consume(String record) {
        JsonNode event = EventRecords.envelope(json, record);
        String type = event.get("type").asText();
        JsonNode data = event.path("data");
        String tenantId = event.get("tenantId").asText();
        if (!data.path("id").isTextual()) {
            return Uni.createFrom().voidItem();
        }
        String id = data.get("id").asText();
        Uni<Void> apply = switch (type) {
            case "customer.created", "customer.updated" -> pool.preparedQuery(KEEP)
                    .execute(Tuple.of(id, tenantId, data.path("firstName").asText(null),
                            data.path("email").asText(null), data.path("notificationsOptOut").asBoolean(false)))
                    .replaceWithVoid();
            case "customer.deleted" -> pool.withTransaction(connection -> erase(connection, id, tenantId));
            default -> null;
        };
        return apply == null ? Uni.createFrom().voidItem()
                : ConsumerRetry.untilApplied(apply, LOG, "applying " + type + " " + event.get("id").asText());
    }

    private static Uni<Void> erase(SqlConnection connection, String id, String tenantId) {
        return connection.preparedQuery(ERASE).execute(Tuple.of(id, tenantId))
                .chain(() -> connection.preparedQuery(ERASE_FROM_LOG).execute(Tuple.of(id, tenantId)))
                .replaceWithVoid();
    }
}
