package dev.slotwise.customer.review;

import dev.slotwise.commons.event.ConsumerRetry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.EventRecords;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Keeps which customer each appointment belongs to, from appointment.created on the appointment topic, so that a
 * review's {@code appointmentId} is checked here, without a call to appointment-service (which itself calls this
 * service). Idempotent by the appointment id; the offset is committed after the insert, and a failing database is
 * retried, never skipped.
 */
@ApplicationScoped
public class AppointmentProjection {

    private static final Logger LOG = Logger.getLogger(AppointmentProjection.class);
    private static final String REMEMBER = """
            insert into appointment_refs (id, tenant_id, customer_id) values ($1, $2, $3)
            on conflict (id) do nothing""";

    private final Pool pool;
    private final ObjectMapper json;

    public AppointmentProjection(Pool pool, ObjectMapper json) {
        this.pool = pool;
        this.json = json;
    }

    @Incoming("appointments")
    public Uni<Void> consume(String record) {
        JsonNode event = EventRecords.envelope(json, record);
        JsonNode data = event.path("data");
        if (!"appointment.created".equals(event.get("type").asText())
                || !data.hasNonNull("id") || !data.hasNonNull("customerId")) {
            return Uni.createFrom().voidItem();
        }
        return ConsumerRetry.untilApplied(pool.preparedQuery(REMEMBER)
                .execute(Tuple.of(data.get("id").asText(), event.get("tenantId").asText(), data.get("customerId").asText()))
                .replaceWithVoid(), LOG, "remembering appointment " + data.get("id").asText());
    }

    /** The customer the appointment belongs to, or null when the tenant has no such appointment (yet). */
    Uni<String> customerOf(String tenantId, String appointmentId) {
        return pool.preparedQuery("select customer_id from appointment_refs where id = $1 and tenant_id = $2")
                .execute(Tuple.of(appointmentId, tenantId))
                .map(rows -> rows.iterator().hasNext() ? rows.iterator().next().getString(0) : null);
    }
}
