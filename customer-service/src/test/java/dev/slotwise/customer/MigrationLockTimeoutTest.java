package dev.slotwise.customer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.api.Test;

/**
 * Issue 41: a migration queued behind a long transaction gives up after its lock_timeout (quarkus.flyway.init-sql in
 * platform/commons) instead of waiting as long as that transaction, with every query on the table queued behind it.
 * The probe migration runs with the service's own Flyway configuration, its history kept in a schema of its own.
 */
@QuarkusTest
class MigrationLockTimeoutTest {

    @Inject
    Flyway flyway;

    @Test
    void aMigrationGivesUpOnABusyTableWithinItsLockTimeout() throws Exception {
        DataSource dataSource = flyway.getConfiguration().getDataSource();
        // the service's configuration (init SQL included), but only the probe's migration: Quarkus's own resource
        // provider, which serves the service's migrations whatever the locations, is left out
        Flyway probe = Flyway.configure().configuration(flyway.getConfiguration())
                .resourceProvider(null).javaMigrationClassProvider(null)
                .locations("classpath:db/lock-probe").schemas("lock_probe").defaultSchema("lock_probe")
                .load();
        try (Connection reader = dataSource.getConnection(); Statement read = reader.createStatement()) {
            reader.setAutoCommit(false);
            // a long transaction that has read the table: it holds ACCESS SHARE until it ends
            try (ResultSet ignored = read.executeQuery("select count(*) from public.customers")) {
                long started = System.nanoTime();
                assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThatThrownBy(probe::migrate)
                        .isInstanceOf(FlywayException.class)
                        .hasStackTraceContaining("lock timeout"));
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isBetween(Duration.ofSeconds(4),
                        Duration.ofSeconds(20));
            } finally {
                reader.rollback();
            }
        } finally {
            try (Connection cleanup = dataSource.getConnection(); Statement drop = cleanup.createStatement()) {
                drop.execute("drop schema if exists lock_probe cascade");
                drop.execute("alter table public.customers drop column if exists lock_probe");
            }
        }
    }
}
