package dev.slotwise.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The statements that run once per batch of deliveries read rows in proportion to the batch, not to the backlog or
 * the delivery log: otherwise draining a burst of n deliveries costs n² and a busy dispatcher slows down as its log
 * grows. Checked on the real schema with {@code EXPLAIN ANALYZE} under generic plans (what the pooled prepared
 * statements end up with), with statistics that do not know the backlog yet and with statistics that do. All in a
 * transaction that is never committed, so the running dispatcher never sees these rows.
 */
@QuarkusTest
class StatementPlanTest {

    private static final int BACKLOG = 10_000;
    private static final long BATCH = 100;
    /** Generous: the batch, the rows skipped on the way (leased, saturated endpoints) and index lookups. */
    private static final long MOST_ROWS_READ = 10 * BATCH;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<String> endpoints = new ArrayList<>();

    @Test
    void claimReadsItsBatchNotTheBacklog() throws Exception {
        try (Connection connection = backlog()) {
            prepareClaim(connection);
            String execute = claim("{}");
            assertThat(deliveryRowsRead(connection, execute)).isBetween(BATCH, MOST_ROWS_READ);
            analyze(connection);
            // the first claim leased a batch, which this one skips
            assertThat(deliveryRowsRead(connection, execute)).isBetween(BATCH, MOST_ROWS_READ);
        }
    }

    @Test
    void claimSkipsTheBacklogOfEndpointsWhoseLanesAreFull() throws Exception {
        try (Connection connection = backlog()) {
            prepareClaim(connection);
            // every lane full but one: what is left to claim is that endpoint's lane's worth
            String saturated = "{" + String.join(",", endpoints.subList(1, endpoints.size())) + "}";
            assertThat(deliveryRowsRead(connection, claim(saturated))).isLessThan(MOST_ROWS_READ / 10);
            // all full: nothing to claim, and finding that out must cost next to nothing
            String all = "{" + String.join(",", endpoints) + "}";
            assertThat(deliveryRowsRead(connection, claim(all))).isLessThan(MOST_ROWS_READ / 10);
        }
    }

    @Test
    void recordingABatchOfOutcomesLooksTheDeliveriesUp() throws Exception {
        try (Connection connection = backlog()) {
            prepare(connection, "record(jsonb)", DeliveryRecorder.RECORD_MANY);
            assertThat(deliveryRowsRead(connection, "execute record('" + outcomes(connection) + "')"))
                    .isBetween(BATCH, MOST_ROWS_READ);
            analyze(connection);
            assertThat(deliveryRowsRead(connection, "execute record('" + outcomes(connection) + "')"))
                    .isBetween(BATCH, MOST_ROWS_READ);
        }
    }

    /**
     * A transaction, never committed (closing the connection ends it), with twenty endpoints and a due backlog
     * fanned out to them.
     */
    private Connection backlog() throws SQLException {
        Connection connection = DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"),
                "postgres", "");
        connection.setAutoCommit(false);
        String tenant = Ids.next("ten");
        for (int i = 1; i <= 20; i++) {
            endpoints.add(tenant + "_we_" + i);
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("set local plan_cache_mode = force_generic_plan");
            statement.execute("""
                    insert into webhook_endpoints (id, tenant_id, url, events, status, secret_ciphertext, created_at,
                                                   updated_at)
                    select '%1$s_we_' || i, '%1$s', 'https://hooks.example.com/' || i, '{customer.created}', 'active',
                           '\\x00', now(), now()
                      from generate_series(1, 20) i""".formatted(tenant));
            statement.execute("""
                    insert into deliveries (id, event_id, endpoint_id, tenant_id, event_type, payload, status,
                                            next_attempt_at)
                    select gen_random_uuid(), 'evt_' || (i / 20), '%1$s_we_' || (1 + i %% 20), '%1$s',
                           'customer.created', '{}', 'pending', now() - interval '1 hour' + i * interval '1 ms'
                      from generate_series(1, %2$d) i""".formatted(tenant, BACKLOG));
        }
        return connection;
    }

    /** A batch of successful outcomes for pending deliveries, as the recorder writes them. */
    private static String outcomes(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet batch = statement.executeQuery("""
                        select jsonb_agg(jsonb_build_object('id', id, 'status', 'succeeded', 'code', 204,
                                                            'at', now(), 'ms', 3))
                          from (select id from deliveries where status = 'pending' limit %d) pending"""
                        .formatted(BATCH))) {
            batch.next();
            return batch.getString(1);
        }
    }

    /** The claim as the worker prepares it, with the settings of its connection. */
    private static void prepareClaim(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (var setting : DeliveryWorker.CLAIM_SETTINGS.entrySet()) {
                statement.execute("set local " + setting.getKey() + " = " + setting.getValue());
            }
        }
        prepare(connection, "claim(int, float8, text[], int, uuid, float8, text[], int[], int)", DeliveryWorker.CLAIM);
    }

    /** The claim as a replica with no tenant at its share runs it, with these endpoints' lanes full. */
    private static String claim(String saturatedEndpoints) {
        return "execute claim(" + BATCH + ", 60, '" + saturatedEndpoints + "', 8, gen_random_uuid(), 5, '{}', '{}', 64)";
    }

    private static void prepare(Connection connection, String signature, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("prepare " + signature + " as " + sql);
        }
    }

    private static void analyze(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("analyze deliveries");
            statement.execute("analyze webhook_endpoints");
        }
    }

    /** Rows the plan's nodes on {@code deliveries} read: returned plus removed by a filter, over all loops. */
    private static long deliveryRowsRead(Connection connection, String execute) throws Exception {
        try (Statement statement = connection.createStatement();
                ResultSet plan = statement.executeQuery("explain (analyze, format json) " + execute)) {
            plan.next();
            return rowsRead(JSON.readTree(plan.getString(1)).get(0).get("Plan"));
        }
    }

    private static long rowsRead(JsonNode node) {
        long read = 0;
        if ("deliveries".equals(node.path("Relation Name").asText())) {
            read += (node.path("Actual Rows").asLong() + node.path("Rows Removed by Filter").asLong())
                    * Math.max(1, node.path("Actual Loops").asLong());
        }
        for (JsonNode child : node.path("Plans")) {
            read += rowsRead(child);
        }
        return read;
    }
}
