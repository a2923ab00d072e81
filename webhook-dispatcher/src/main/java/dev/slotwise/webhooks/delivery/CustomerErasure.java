package dev.slotwise.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.List;

/**
 * customer.deleted (CONTRACT §19) as the dispatcher applies it: the stored payloads of the customer's earlier
 * customer.created and customer.updated deliveries — pending, held, delivered or failed, replays too — keep their
 * envelope and the customer's id, but its names, e-mail, phone, notes and metadata are erased (null, metadata
 * {@code {}}). A delivery still to be sent goes out erased; a replay sends what is stored. Attempts keep only status
 * codes, durations and connection errors, never a body, so they hold nothing to erase. Idempotent: applying it again
 * changes nothing more.
 */
final class CustomerErasure {

    static final String DELETED = "customer.deleted";
    /** The fields of the customer resource that are personal data, as they read once erased (a JSON object). */
    static final String ERASE = """
            update deliveries d
               set payload = jsonb_set(d.payload::jsonb, '{data}', (d.payload::jsonb -> 'data')
                   || '{"firstName":null,"lastName":null,"email":null,"phone":null,"notes":null,"metadata":{}}'::jsonb)::text
              from unnest($1::text[], $2::text[]) as erased(tenant_id, customer_id)
             where d.tenant_id = erased.tenant_id
               and d.event_type in ('customer.created', 'customer.updated')
               and (d.payload::jsonb -> 'data') ->> 'id' = erased.customer_id""";

    private CustomerErasure() {
    }

    /** Whether the batch erases a customer. */
    static boolean concerns(List<IncomingEvent> events) {
        return events.stream().anyMatch(event -> DELETED.equals(event.type()));
    }

    /** Erases the stored payloads of the customers that the batch's customer.deleted events name. */
    static Uni<Void> apply(SqlClient client, List<IncomingEvent> events) {
        List<IncomingEvent> deleted = events.stream().filter(event -> DELETED.equals(event.type())).toList();
        if (deleted.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        String[] tenants = deleted.stream().map(IncomingEvent::tenantId).toArray(String[]::new);
        String[] customers = deleted.stream().map(IncomingEvent::subjectId).toArray(String[]::new);
        return client.preparedQuery(ERASE)
                .execute(Tuple.tuple().addArrayOfString(tenants).addArrayOfString(customers))
                .replaceWithVoid();
    }
}
