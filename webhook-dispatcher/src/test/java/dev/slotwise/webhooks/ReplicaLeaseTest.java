package dev.slotwise.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.PostgresTestResource;
import dev.slotwise.testing.WebhookReceiver;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 44: a lease belongs to the dispatcher replica that took it and lives only as long as that replica says it is
 * alive. Deliveries a dead replica had claimed go out within seconds, in their order — they used to wait out the
 * lease's minute, and every later delivery of an endpoint released from held waited behind them — while what a live
 * replica holds is left to it. The other replica here is rows in the table, as a crashed process leaves them.
 */
@QuarkusTest
class ReplicaLeaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The claim's polling backstop in tests is 200 ms; a freed delivery goes out well within this. */
    private static final Duration PROMPTLY = Duration.ofSeconds(3);

    @Test
    void deliveriesLeasedByAReplicaThatDiedGoOutAtOnceInTheirOrder() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        try (WebhookReceiver receiver = WebhookReceiver.start(); Connection db = database()) {
            String endpoint = tenant.register(receiver.url("/dead"));
            UUID dead = replica(db, Duration.ofMinutes(1));
            // one claimed and in flight when its replica died, the next released from held after it (in order)
            String first = delivery(db, tenant.tenant, endpoint, dead, true, 0);
            String second = delivery(db, tenant.tenant, endpoint, null, true, 1);

            List<WebhookReceiver.Received> arrived = receiver.await(r -> true, 2, PROMPTLY);
            assertThat(arrived).extracting(r -> r.header("webhook-id")).containsExactly(first, second);
        }
    }

    @Test
    void aLiveReplicasLeaseIsLeftToItUntilItStopsSayingSo() throws Exception {
        TenantWebhooks tenant = new TenantWebhooks();
        ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor();
        try (WebhookReceiver receiver = WebhookReceiver.start(); Connection db = database()) {
            String endpoint = tenant.register(receiver.url("/live"));
            UUID live = replica(db, Duration.ZERO);
            heartbeat.scheduleAtFixedRate(() -> seen(live), 0, 500, TimeUnit.MILLISECONDS);
            String leased = delivery(db, tenant.tenant, endpoint, live, false, 0);

            Thread.sleep(3_000);
            assertThat(receiver.all()).as("a delivery another live replica is sending is not sent again").isEmpty();

            heartbeat.shutdownNow();
            // no word from it for the replica timeout (5 s): its delivery is free
            assertThat(receiver.await(r -> true, 1, Duration.ofSeconds(5).plus(PROMPTLY)))
                    .extracting(r -> r.header("webhook-id")).containsExactly(leased);
        } finally {
            heartbeat.shutdownNow();
        }
    }

    private static Connection database() throws SQLException {
        return DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"), "postgres", "");
    }

    /** Another replica, last heard from {@code ago}. */
    private static UUID replica(Connection db, Duration ago) throws SQLException {
        UUID id = UUID.randomUUID();
        try (PreparedStatement insert = db.prepareStatement(
                "insert into dispatcher_replicas (id, seen_at) values (?, now() - make_interval(secs => ?))")) {
            insert.setObject(1, id);
            insert.setDouble(2, ago.toSeconds());
            insert.executeUpdate();
        }
        return id;
    }

    private static void seen(UUID replica) {
        try (Connection db = database();
                PreparedStatement update = db.prepareStatement("update dispatcher_replicas set seen_at = now() where id = ?")) {
            update.setObject(1, replica);
            update.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A pending delivery of a new event, due now, leased for a minute by {@code holder} (none: not leased); its id.
     * {@code place} orders the deliveries of one endpoint as their events arrived.
     */
    private static String delivery(Connection db, String tenant, String endpoint, UUID holder, boolean inOrder,
            int place) throws Exception {
        UUID id = UUID.randomUUID();
        String eventId = Ids.next("evt");
        String payload = JSON.writeValueAsString(Map.of("id", eventId, "type", "customer.created",
                "createdAt", "2026-11-22T09:30:00.000Z", "data", Map.of()));
        try (PreparedStatement insert = db.prepareStatement("""
                insert into deliveries (id, event_id, endpoint_id, tenant_id, event_type, payload, status,
                                        next_attempt_at, created_at, in_order, lease_until, leased_by)
                values (?, ?, ?, ?, 'customer.created', ?, 'pending', now() - interval '1 minute',
                        now() - interval '1 minute' + make_interval(secs => ?), ?,
                        case when ? then now() + interval '1 minute' end, ?)""")) {
            insert.setObject(1, id);
            insert.setString(2, eventId);
            insert.setString(3, endpoint);
            insert.setString(4, tenant);
            insert.setString(5, payload);
            insert.setDouble(6, place);
            insert.setBoolean(7, inOrder);
            insert.setBoolean(8, holder != null);
            insert.setObject(9, holder);
            insert.executeUpdate();
        }
        return id.toString();
    }
}
