package dev.slotwise.appointment.visit;

import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.commons.pg.ConstraintViolations;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.function.Predicate;

/**
 * The rows of {@code visit_segments} (V3__visits.sql), in the transaction of the caller: one per segment of an
 * appointment or a hold, the time it occupies of its staff member, and how long it counts ({@code live_from} when
 * written, by the database's clock; {@code live_until} infinity for an appointment, the expiry for a hold). Its
 * exclusion constraint keeps any two rows that overlap in both apart, so a booking, a reschedule or a hold that loses
 * a race fails with {@link #NO_OVERLAP}, and an expired hold stops counting without anything deleting it.
 */
@ApplicationScoped
public class VisitSegments {

    /** The exclusion constraint over occupied ranges and lives. */
    public static final String NO_OVERLAP = "visit_segments_no_overlap";
    /**
     * The exclusion constraint over the occupied ranges and lives of one resource (V5): the rows of
     * {@code resource_occupations} follow each segment's {@code resource_ids} by trigger.
     */
    public static final String RESOURCE_NO_OVERLAP = "resource_occupations_no_overlap";
    /** Another booking or hold took a resource this one was given: the resources' constraint refused it. */
    public static final Predicate<Throwable> LOST_A_RESOURCE = ConstraintViolations.of(RESOURCE_NO_OVERLAP);

    /**
     * How often a booking, reschedule or hold that lost a resource to a racing one is decided again: each loss means
     * another took a resource, so this settles any race of a visit needing up to this many resources of a type.
     */
    public static final int RESOURCE_RETRIES = 5;

    /** The 409 of a booking or hold that lost a resource to a racing one (CONTRACT §17), after its retries. */
    public static ApiException resourceTaken() {
        return ApiException.conflict("resource_unavailable",
                "a resource this visit needs was taken by another booking or hold at the same time; try again");
    }

    private static final String INSERT = """
            insert into visit_segments (owner_id, position, tenant_id, service_id, staff_id, starts_at, ends_at,
                buffer_before_minutes, buffer_after_minutes, occupied_from, occupied_until, state, live_from, live_until,
                resource_ids)
            values (:owner, :position, :tenant, :service, :staff, :startsAt, :endsAt, :before, :after, :from, :until,
                :state, clock_timestamp(), %s, string_to_array(:resources, ','))""";

    /**
     * Writes the plan's segments for {@code ownerId} ({@code state}: booked or held), counting from now until
     * {@code liveUntil} (null: for good).
     */
    public Uni<Void> insert(String ownerId, String tenantId, Decision.Plan plan, String state, Instant liveUntil) {
        Uni<Void> done = Uni.createFrom().voidItem();
        for (int i = 0; i < plan.segments().size(); i++) {
            Decision.PlannedSegment segment = plan.segments().get(i);
            int position = i;
            String sql = INSERT.formatted(liveUntil == null ? "'infinity'" : ":liveUntil");
            done = done.chain(() -> Panache.getSession().chain(session -> {
                var query = session.createNativeQuery(sql)
                    .setParameter("owner", ownerId)
                    .setParameter("position", position)
                    .setParameter("tenant", tenantId)
                    .setParameter("service", segment.serviceId())
                    .setParameter("staff", segment.staffId())
                    .setParameter("startsAt", segment.startsAt())
                    .setParameter("endsAt", segment.endsAt())
                    .setParameter("before", segment.terms().bufferBeforeMinutes())
                    .setParameter("after", segment.terms().bufferAfterMinutes())
                    .setParameter("from", segment.occupiedFrom())
                    .setParameter("until", segment.occupiedUntil())
                    .setParameter("state", state)
                    .setParameter("resources", String.join(",", segment.resourceIds()));
                if (liveUntil != null) {
                    query.setParameter("liveUntil", liveUntil);
                }
                return query.executeUpdate();
            }).replaceWithVoid());
        }
        return done;
    }

    /** Deletes the rows of {@code ownerId} (a visit being moved, a hold released or used). */
    public Uni<Void> delete(String ownerId) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "delete from visit_segments where owner_id = :owner")
                .setParameter("owner", ownerId).executeUpdate()).replaceWithVoid();
    }

    /** Gives the rows of an appointment its new status (its wire name). */
    public Uni<Void> setState(String ownerId, String state) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "update visit_segments set state = :state where owner_id = :owner")
                .setParameter("state", state)
                .setParameter("owner", ownerId).executeUpdate()).replaceWithVoid();
    }

    /** A no-show keeps the time that has passed by {@code now} of each segment and frees the rest. */
    public Uni<Void> markNoShow(String ownerId, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        update visit_segments set state = 'no_show',
                            occupied_until = greatest(occupied_from, least(occupied_until, cast(:now as timestamptz)))
                        where owner_id = :owner""")
                .setParameter("now", now)
                .setParameter("owner", ownerId).executeUpdate()).replaceWithVoid();
    }

    /** The database's clock, which lives and expiries are measured by. */
    public Uni<Instant> now() {
        return Panache.getSession().chain(session -> session.createNativeQuery("select clock_timestamp()",
                Instant.class).getSingleResult());
    }

    /**
     * Takes, until the transaction ends, the lock of one staff member's local day: every booking, reschedule or hold
     * onto that day under a daily limit takes it before it counts the day, so two of them count one after the other
     * and never both see room for one more (a hash collision only makes two unrelated days wait for each other).
     */
    public Uni<Void> lockDay(String tenantId, String staffId, LocalDate day) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select pg_advisory_xact_lock(hashtextextended(:key, 35))")
                .setParameter("key", tenantId + "/" + staffId + "/" + day)
                .getSingleResult()).replaceWithVoid();
    }

    /**
     * What counts toward a staff member's limit on the local day {@code [dayStart, dayEnd)}: every appointment not
     * cancelled (booked, no-show or completed) and every live hold with a segment of theirs starting that day, each
     * once, but {@code moving}. Read after {@link #lockDay}, in a statement of its own, so it sees every booking of
     * that day that committed while this one waited.
     */
    public Uni<Long> countOnDay(String tenantId, String staffId, Instant dayStart, Instant dayEnd, String moving) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        select count(distinct owner_id) from visit_segments
                        where tenant_id = :tenant and staff_id = :staff and state <> 'cancelled'
                          and live_until > clock_timestamp()
                          and starts_at >= :from and starts_at < :to and owner_id <> :moving""", Long.class)
                .setParameter("tenant", tenantId)
                .setParameter("staff", staffId)
                .setParameter("from", dayStart)
                .setParameter("to", dayEnd)
                .setParameter("moving", moving == null ? "" : moving)
                .getSingleResult());
    }

    /**
     * Makes a live hold's rows the appointment's, in one statement: booked, live for good from now. Answers how many
     * rows it moved: none when the hold has expired by the database's clock (or its rows were swept).
     */
    public Uni<Integer> transfer(String holdId, String appointmentId) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        update visit_segments set owner_id = :appointment, state = 'booked',
                            live_from = clock_timestamp(), live_until = 'infinity'
                        where owner_id = :hold and state = 'held' and live_until > clock_timestamp()""")
                .setParameter("appointment", appointmentId)
                .setParameter("hold", holdId).executeUpdate());
    }
}
