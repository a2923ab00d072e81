package dev.slotwise.appointment.hold;

import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.appointment.visit.DailyLimits;
import dev.slotwise.appointment.visit.VisitInput;
import dev.slotwise.appointment.visit.VisitPlans;
import dev.slotwise.appointment.visit.VisitSegment;
import dev.slotwise.appointment.visit.VisitSegments;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.pg.ConstraintViolations;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Predicate;

/**
 * Holds (CONTRACT §16): a visit's time kept for a checkout. A hold is decided by the same rules as a booking and
 * written the same way — its segments are rows of {@code visit_segments}, whose exclusion constraint keeps them apart
 * from every booked segment and every other live hold, also under races — only their life ends at the expiry, by the
 * database's clock, so an expired hold frees its time by itself, whether or not the sweeper ever deletes its rows. Under
 * a daily limit a live hold counts toward its staff member's day, so the booking it turns into is never refused by
 * the limit. A hold emits no event.
 */
@ApplicationScoped
public class HoldBook {

    private static final Predicate<Throwable> LOST_THE_SLOT = ConstraintViolations.of(VisitSegments.NO_OVERLAP)
            .or(ConstraintViolations.deadlock());

    private final HoldRepository holds;
    private final VisitSegments segments;
    private final DailyLimits dailyLimits;
    private final RuleBooks ruleBooks;

    public HoldBook(HoldRepository holds, VisitSegments segments, DailyLimits dailyLimits, RuleBooks ruleBooks) {
        this.holds = holds;
        this.segments = segments;
        this.dailyLimits = dailyLimits;
        this.ruleBooks = ruleBooks;
    }

    Uni<HoldView> hold(Caller caller, NewHold input) {
        // a racing booking or hold took a resource the rules gave this one: decided again (see AppointmentBook)
        return Uni.createFrom().deferred(() -> holdOnce(caller, input))
                .onFailure(VisitSegments.LOST_A_RESOURCE).retry().atMost(VisitSegments.RESOURCE_RETRIES)
                .onFailure(VisitSegments.LOST_A_RESOURCE).transform(e -> VisitSegments.resourceTaken());
    }

    private Uni<HoldView> holdOnce(Caller caller, NewHold input) {
        List<RuleBooks.Wanted> wanted = VisitInput.required(input.serviceId(), input.staffId(), input.segments(),
                input.startsAt());
        Instant startsAt = VisitPlans.writableStart(input.startsAt());
        return ruleBooks.forVisit(caller, wanted, startsAt, null).chain(checked -> {
            RuleBook book = VisitPlans.known(List.of(), checked);
            Decision.Plan plan = VisitPlans.planned(book, startsAt, wanted, null);
            Integer limit = book.policy().maxAppointmentsPerStaffPerDay();
            return Panache.withTransaction(() -> dailyLimits.require(caller.tenantId(), plan, limit, null)
                    .chain(segments::now)
                    .chain(now -> {
                        Instant created = now.truncatedTo(ChronoUnit.MILLIS);
                        Hold hold = new Hold();
                        hold.create(Ids.next(HoldRepository.PREFIX), caller.tenantId(), created);
                        hold.startsAt = plan.startsAt();
                        hold.endsAt = plan.endsAt();
                        hold.expiresAt = created.plusSeconds(input.ttl());
                        hold.segments = VisitSegment.of(plan);
                        return segments.insert(hold.id, caller.tenantId(), plan, "held", hold.expiresAt)
                                .chain(() -> holds.persist(hold))
                                .map(saved -> HoldView.of(saved, created));
                    }));
        }).onFailure(LOST_THE_SLOT).transform(e -> ApiException.conflict("appointment_conflict",
                "the staff member's time, buffers included, is already booked or held"));
    }

    Uni<HoldView> get(String tenantId, String id) {
        return Panache.withSession(() -> holds.require(tenantId, id)).map(hold -> HoldView.of(hold, Instant.now()));
    }

    /**
     * Releases a hold: its time is free at once. Releasing one that has already ended (released or expired) again
     * changes nothing; one that became an appointment is 409 {@code hold_expired} (cancel the appointment instead).
     */
    Uni<Void> release(String tenantId, String id) {
        return Panache.withTransaction(() -> holds.requireForUpdate(tenantId, id).chain(hold -> {
            if (hold.appointmentId != null) {
                throw ApiException.conflict("hold_expired", "the hold was used for appointment " + hold.appointmentId
                        + "; cancel the appointment to free its time");
            }
            if (hold.endedAt == null) {
                Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                hold.endedAt = now;
                hold.updatedAt = now;
            }
            return segments.delete(id);
        }));
    }

    /**
     * Within the caller's transaction, ends a live hold for appointment {@code appointmentId} and answers its
     * segments: its rows of {@code visit_segments} become the appointment's in one statement (live for good from
     * now), so the time is never free in between. An id the tenant has no hold of is 422 naming {@code holdId}; a
     * hold used, released or expired (by the database's clock) is 409 {@code hold_expired}.
     */
    public Uni<List<VisitSegment>> use(String tenantId, String holdId, String appointmentId) {
        Uni<Hold> found = Ids.looksLike(HoldRepository.PREFIX, holdId)
                ? holds.find("tenantId = ?1 and id = ?2", tenantId, holdId)
                        .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
                : Uni.createFrom().nullItem();
        return found.chain(hold -> {
            if (hold == null) {
                throw ApiException.invalid("holdId", "is not a hold of this business");
            }
            if (hold.endedAt != null) {
                throw expired();
            }
            return segments.transfer(holdId, appointmentId).map(moved -> {
                if (moved != hold.segments.size()) {
                    throw expired();
                }
                Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                hold.endedAt = now;
                hold.updatedAt = now;
                hold.appointmentId = appointmentId;
                return hold.segments;
            });
        });
    }

    /** 409 {@code hold_expired}: the hold keeps nothing any more. */
    public static ApiException expired() {
        return ApiException.conflict("hold_expired",
                "the hold has expired, was released or was already used; hold the time again");
    }
}
