package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;

/**
 * A rollback runs the release before the booking rules on their schema (docs/kubernetes.md: "database migrations only
 * add, so the previous release runs on the new schema"). That release writes appointments with V1's columns only: its
 * bookings must still be stored, occupy their time (the exclusion constraint now reads the occupied range) and move
 * with their times; this release's own ranges (buffers, a no-show's shortened range) are left as it wrote them.
 */
@QuarkusTest
class PreviousReleaseWritesTest {

    @Inject
    Flyway flyway;

    @Test
    void theReleaseBeforeTheBookingRulesStillBooksAndMovesAppointments() throws Exception {
        DataSource dataSource = flyway.getConfiguration().getDataSource();
        String tenant = "ten_previous" + System.nanoTime();
        try (Connection db = dataSource.getConnection()) {
            // its insert: no buffers, no occupied range
            previousReleaseBooks(db, "apt_prev_1" + tenant, tenant, "2031-01-07T09:00:00Z", "2031-01-07T10:00:00Z");
            assertThat(occupied(db, "apt_prev_1" + tenant)).containsExactly(at("2031-01-07T09:00:00Z"),
                    at("2031-01-07T10:00:00Z"));

            // its reschedule: only the times change, and the range follows them
            try (PreparedStatement move = db.prepareStatement(
                    "update appointments set starts_at = ?, ends_at = ?, updated_at = now() where id = ?")) {
                move.setTimestamp(1, Timestamp.from(at("2031-01-07T11:00:00Z")));
                move.setTimestamp(2, Timestamp.from(at("2031-01-07T12:00:00Z")));
                move.setString(3, "apt_prev_1" + tenant);
                assertThat(move.executeUpdate()).isEqualTo(1);
            }
            assertThat(occupied(db, "apt_prev_1" + tenant)).containsExactly(at("2031-01-07T11:00:00Z"),
                    at("2031-01-07T12:00:00Z"));

            // the moved appointment holds its new time against the same release's next booking, and frees the old
            assertThatThrownBy(() -> previousReleaseBooks(db, "apt_prev_2" + tenant, tenant, "2031-01-07T11:30:00Z",
                    "2031-01-07T12:30:00Z")).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("23P01"));
            previousReleaseBooks(db, "apt_prev_3" + tenant, tenant, "2031-01-07T09:00:00Z", "2031-01-07T10:00:00Z");

            // this release's write: buffers and the range it computed are kept; a no-show's shortened range too
            try (PreparedStatement book = db.prepareStatement("""
                    insert into appointments (id, tenant_id, customer_id, service_id, staff_id, starts_at, ends_at,
                        status, created_at, updated_at, buffer_before_minutes, buffer_after_minutes, occupied_from,
                        occupied_until)
                    values (?, ?, 'cus_1', 'svc_1', 'stf_1', ?, ?, 'booked', now(), now(), 10, 15, ?, ?)""")) {
                book.setString(1, "apt_this_1" + tenant);
                book.setString(2, tenant);
                book.setTimestamp(3, Timestamp.from(at("2031-01-07T14:00:00Z")));
                book.setTimestamp(4, Timestamp.from(at("2031-01-07T15:00:00Z")));
                book.setTimestamp(5, Timestamp.from(at("2031-01-07T13:50:00Z")));
                book.setTimestamp(6, Timestamp.from(at("2031-01-07T15:15:00Z")));
                book.executeUpdate();
            }
            assertThat(occupied(db, "apt_this_1" + tenant)).containsExactly(at("2031-01-07T13:50:00Z"),
                    at("2031-01-07T15:15:00Z"));
            try (PreparedStatement noShow = db.prepareStatement(
                    "update appointments set status = 'no_show', occupied_until = ? where id = ?")) {
                noShow.setTimestamp(1, Timestamp.from(at("2031-01-07T14:10:00Z")));
                noShow.setString(2, "apt_this_1" + tenant);
                noShow.executeUpdate();
            }
            assertThat(occupied(db, "apt_this_1" + tenant)).containsExactly(at("2031-01-07T13:50:00Z"),
                    at("2031-01-07T14:10:00Z"));
        }
    }

    /**
     * During a rolling update to visits (V3) the release before them still books, moves and cancels on the new schema,
     * knowing nothing of segments: its appointments must occupy their time in {@code visit_segments} (against this
     * release's bookings and holds, both ways), move and free it there, and a lost race must reach it as the conflict it
     * knows ({@code appointments_no_overlap}), so that it answers 409 as before.
     */
    @Test
    void theReleaseBeforeVisitsKeepsItsAppointmentsInTheSegmentsThatDecideRaces() throws Exception {
        DataSource dataSource = flyway.getConfiguration().getDataSource();
        String tenant = "ten_previsit" + System.nanoTime();
        try (Connection db = dataSource.getConnection()) {
            previousReleaseBooks(db, "apt_old_1" + tenant, tenant, "2031-02-03T09:00:00Z", "2031-02-03T10:00:00Z");
            assertThat(segment(db, "apt_old_1" + tenant)).containsExactly(at("2031-02-03T09:00:00Z"),
                    at("2031-02-03T10:00:00Z"), "booked");
            assertThat(firstSegment(db, "apt_old_1" + tenant, "staffId")).isEqualTo("stf_1");
            assertThat(firstSegment(db, "apt_old_1" + tenant, "startsAt")).isEqualTo("2031-02-03T09:00:00.000Z");

            // this release's booking (its own segment row) loses against the old one's time ...
            assertThatThrownBy(() -> thisReleaseOccupies(db, "appt_new_1" + tenant, tenant, "2031-02-03T09:30:00Z",
                    "2031-02-03T10:30:00Z")).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("23P01"));
            // ... and the old release loses against this one's, under the constraint name it knows
            thisReleaseOccupies(db, "appt_new_2" + tenant, tenant, "2031-02-03T12:00:00Z", "2031-02-03T13:00:00Z");
            assertThatThrownBy(() -> previousReleaseBooks(db, "apt_old_2" + tenant, tenant, "2031-02-03T12:30:00Z",
                    "2031-02-03T13:30:00Z")).isInstanceOf(PSQLException.class)
                    .satisfies(e -> {
                        assertThat(((SQLException) e).getSQLState()).isEqualTo("23P01");
                        assertThat(((PSQLException) e).getServerErrorMessage().getConstraint())
                                .isEqualTo("appointments_no_overlap");
                    });

            // the old release moves its appointment: the segment follows, and the old time is free
            try (PreparedStatement move = db.prepareStatement(
                    "update appointments set starts_at = ?, ends_at = ?, updated_at = now() where id = ?")) {
                move.setTimestamp(1, Timestamp.from(at("2031-02-03T15:00:00Z")));
                move.setTimestamp(2, Timestamp.from(at("2031-02-03T16:00:00Z")));
                move.setString(3, "apt_old_1" + tenant);
                assertThat(move.executeUpdate()).isEqualTo(1);
            }
            assertThat(segment(db, "apt_old_1" + tenant)).containsExactly(at("2031-02-03T15:00:00Z"),
                    at("2031-02-03T16:00:00Z"), "booked");
            thisReleaseOccupies(db, "appt_new_3" + tenant, tenant, "2031-02-03T09:00:00Z", "2031-02-03T10:00:00Z");

            // the old release cancels it: the segment is cancelled and its time free for this release
            try (PreparedStatement cancel = db.prepareStatement(
                    "update appointments set status = 'cancelled', updated_at = now() where id = ?")) {
                cancel.setString(1, "apt_old_1" + tenant);
                assertThat(cancel.executeUpdate()).isEqualTo(1);
            }
            assertThat(segment(db, "apt_old_1" + tenant)[2]).isEqualTo("cancelled");
            thisReleaseOccupies(db, "appt_new_4" + tenant, tenant, "2031-02-03T15:00:00Z", "2031-02-03T16:00:00Z");
        }
    }

    /** What this release writes for a booking of one segment: its segment row, then the appointment with segments. */
    private static void thisReleaseOccupies(Connection db, String id, String tenant, String startsAt, String endsAt)
            throws SQLException {
        try (PreparedStatement occupy = db.prepareStatement("""
                insert into visit_segments (owner_id, position, tenant_id, service_id, staff_id, starts_at, ends_at,
                    buffer_before_minutes, buffer_after_minutes, occupied_from, occupied_until, state, live_from)
                values (?, 0, ?, 'svc_1', 'stf_1', ?, ?, 0, 0, ?, ?, 'booked', clock_timestamp())""")) {
            occupy.setString(1, id);
            occupy.setString(2, tenant);
            occupy.setTimestamp(3, Timestamp.from(at(startsAt)));
            occupy.setTimestamp(4, Timestamp.from(at(endsAt)));
            occupy.setTimestamp(5, Timestamp.from(at(startsAt)));
            occupy.setTimestamp(6, Timestamp.from(at(endsAt)));
            occupy.executeUpdate();
        }
    }

    private static Object[] segment(Connection db, String id) throws SQLException {
        try (PreparedStatement read = db.prepareStatement(
                "select occupied_from, occupied_until, state from visit_segments where owner_id = ?")) {
            read.setString(1, id);
            try (ResultSet row = read.executeQuery()) {
                assertThat(row.next()).as("a segment of " + id).isTrue();
                Object[] found = {row.getTimestamp(1).toInstant(), row.getTimestamp(2).toInstant(), row.getString(3)};
                assertThat(row.next()).as("one segment of " + id).isFalse();
                return found;
            }
        }
    }

    private static String firstSegment(Connection db, String id, String field) throws SQLException {
        try (PreparedStatement read = db.prepareStatement("select segments::jsonb -> 0 ->> ? from appointments where id = ?")) {
            read.setString(1, field);
            read.setString(2, id);
            try (ResultSet row = read.executeQuery()) {
                assertThat(row.next()).isTrue();
                return row.getString(1);
            }
        }
    }

    /** The insert of appointment-service before V2__booking_rules: V1's columns only. */
    private static void previousReleaseBooks(Connection db, String id, String tenant, String startsAt, String endsAt)
            throws SQLException {
        try (PreparedStatement book = db.prepareStatement("""
                insert into appointments (id, tenant_id, customer_id, service_id, staff_id, starts_at, ends_at, status,
                    notes, created_at, updated_at)
                values (?, ?, 'cus_1', 'svc_1', 'stf_1', ?, ?, 'booked', null, now(), now())""")) {
            book.setString(1, id);
            book.setString(2, tenant);
            book.setTimestamp(3, Timestamp.from(at(startsAt)));
            book.setTimestamp(4, Timestamp.from(at(endsAt)));
            book.executeUpdate();
        }
    }

    private static Instant[] occupied(Connection db, String id) throws SQLException {
        try (PreparedStatement read = db.prepareStatement(
                "select occupied_from, occupied_until from appointments where id = ?")) {
            read.setString(1, id);
            try (ResultSet row = read.executeQuery()) {
                assertThat(row.next()).as(id).isTrue();
                return new Instant[] {row.getTimestamp(1).toInstant(), row.getTimestamp(2).toInstant()};
            }
        }
    }

    private static Instant at(String instant) {
        return Instant.parse(instant);
    }
}
