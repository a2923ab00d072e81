package dev.slotwise.gateway.idempotency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Erases a customer's personal data from the answers kept for {@code Idempotency-Key} replays (CONTRACT §19): the
 * answer to the customer's creation is the customer resource, and is replayed for 24 hours. When customer-service
 * answered {@code DELETE /api/v1/customers/{id}} with 204, the gateway rewrites every stored answer of that tenant that
 * is this customer: names, e-mail, phone and notes null, metadata {@code {}} — a replay still says the request was
 * done (and does not do it again), without the data. Answers that only name the customer's id (an appointment, a
 * transaction) hold no personal data and stay as they are. A 404 to the same DELETE erases again: it is how a client's
 * retry finishes an erasure whose first answer was 503 because this step failed.
 */
@ApplicationScoped
public class StoredAnswerErasure {

    private static final Pattern ERASURE = Pattern.compile("/api/v1/customers/(cus_[0-9a-z]{26})");
    private static final List<String> PERSONAL = List.of("firstName", "lastName", "email", "phone", "notes");
    private static final String CANDIDATES = """
            select credential_id, key, body from idempotency_keys
             where tenant_id = $1 and state = 'done' and position(convert_to($2, 'UTF8') in body) > 0""";
    private static final String REWRITE = """
            update idempotency_keys set body = $4 where tenant_id = $1 and credential_id = $2 and key = $3""";

    private final Pool pool;
    private final ObjectMapper json;

    public StoredAnswerErasure(Pool pool, ObjectMapper json) {
        this.pool = pool;
        this.json = json;
    }

    /**
     * The customer whose stored answers a request must erase: a {@code DELETE} of the customer answered 204 (erased
     * now) or 404 (erased before, perhaps by a request whose erasure here failed and answered 503); null for any other.
     */
    public static String erasedCustomer(String method, String path, int status) {
        if ((status != 204 && status != 404) || !"DELETE".equals(method)) {
            return null;
        }
        var matcher = ERASURE.matcher(path);
        return matcher.matches() ? matcher.group(1) : null;
    }

    /** Rewrites the tenant's stored answers that are the customer; answers how many it rewrote. */
    public Uni<Integer> erase(String tenantId, String customerId) {
        return pool.preparedQuery(CANDIDATES)
                .execute(Tuple.of(tenantId, customerId))
                .onItem().transformToMulti(rows -> Multi.createFrom().iterable(rows))
                .onItem().transformToUniAndConcatenate(row -> rewrite(tenantId, customerId, row))
                .collect().with(java.util.stream.Collectors.summingInt(Integer::intValue));
    }

    private Uni<Integer> rewrite(String tenantId, String customerId, Row row) {
        byte[] erased = erased(row.getBuffer("body").getBytes(), customerId);
        if (erased == null) {
            return Uni.createFrom().item(0);
        }
        return pool.preparedQuery(REWRITE)
                .execute(Tuple.of(tenantId, row.getString("credential_id"), row.getString("key"),
                        Buffer.buffer(erased)))
                .map(done -> done.rowCount());
    }

    /** The answer without the customer's personal data, or null when it is not the customer resource. */
    byte[] erased(byte[] body, String customerId) {
        try {
            JsonNode answer = json.readTree(body);
            if (!(answer instanceof ObjectNode customer) || !customerId.equals(customer.path("id").asText(null))) {
                return null;
            }
            PERSONAL.forEach(customer::putNull);
            customer.putObject("metadata");
            return json.writeValueAsBytes(customer);
        } catch (IOException notJson) {
            return null;
        }
    }
}
