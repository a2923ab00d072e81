package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.appointment.booking.BookingRefused;
import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.reference.References;
import dev.slotwise.appointment.rules.BookingContext;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.appointment.rules.Terms;
import dev.slotwise.appointment.rules.VisitRequest;
import dev.slotwise.appointment.rules.Window;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.pg.ConstraintViolations;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The appointment lifecycle (CONTRACT §5, §14, §15). Whether a visit can happen at a time is the rules' decision
 * ({@link RuleBook}, built by {@link RuleBooks} from the catalog's booking context and the appointments there are,
 * read before a transaction opens: no transaction waits on the network). What requests race for, the database
 * decides: the exclusion constraint keeps the occupied ranges (time with buffers) of one staff member apart, so the
 * loser gets 409 {@code appointment_conflict} however close the race; and under a daily limit every booking onto a
 * staff member's day locks that day before it counts it, so the limit holds exactly. Every change records its event
 * in the outbox in the same transaction.
 */
@ApplicationScoped
public class AppointmentBook {

    /** Another booking took the slot: the exclusion constraint refused this one, or a deadlock over it aborted it. */
    private static final Predicate<Throwable> LOST_THE_SLOT = ConstraintViolations.of(AppointmentRepository.NO_OVERLAP)
            .or(ConstraintViolations.deadlock());
    /** The customer was erased after its lookup (CONTRACT §19): the database refused the booking (V4). */
    private static final Predicate<Throwable> ERASED_CUSTOMER =
            ConstraintViolations.of("appointments_customer_not_erased");
    private static final Duration SHORTEST_SERVICE = Duration.ofMinutes(5);
    /** How often a reschedule is decided again when the appointment changed while it was being decided. */
    private static final int RESCHEDULE_RETRIES = 2;

    private final AppointmentRepository appointments;
    private final References references;
    private final RuleBooks ruleBooks;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public AppointmentBook(AppointmentRepository appointments, References references, RuleBooks ruleBooks,
            Outbox outbox, JsonMergePatch mergePatch, EntityTags tags) {
        this.appointments = appointments;
        this.references = references;
        this.ruleBooks = ruleBooks;
        this.outbox = outbox;
        this.mergePatch = mergePatch;
        this.tags = tags;
    }

    Uni<Page<AppointmentView>> list(String tenantId, AppointmentFilter filter, PageRequest page) {
        return Panache.withSession(() -> appointments.page(tenantId, filter, page))
                .map(rows -> Page.of(rows, page, a -> a.id).map(AppointmentView::of));
    }

    Uni<AppointmentView> get(String tenantId, String id) {
        return Panache.withSession(() -> appointments.require(tenantId, id)).map(AppointmentView::of);
    }

    Uni<AppointmentView> book(Caller caller, NewAppointment input) {
        Instant startsAt = writableStart(input.startsAt());
        Uni<List<FieldError>> customer = references.customerErrors(caller.bearerToken(), input.customerId());
        Uni<RuleBooks.Checked> rules = ruleBooks.forVisit(caller, input.serviceId(), input.staffId(), startsAt, null,
                true);
        return Uni.combine().all().unis(customer, rules).asTuple().chain(found -> {
            RuleBook book = known(found.getItem1(), found.getItem2());
            Decision.PlannedSegment segment = planned(book, new VisitRequest(startsAt,
                    List.of(new VisitRequest.Segment(input.serviceId(), input.staffId(), null))));
            Integer limit = book.policy().maxAppointmentsPerStaffPerDay();
            return Panache.withTransaction(() -> withinDailyLimit(caller, segment, limit, null).chain(() -> {
                Instant now = now();
                Appointment appointment = new Appointment();
                appointment.create(Ids.next(AppointmentRepository.PREFIX), caller.tenantId(), now);
                appointment.customerId = input.customerId();
                appointment.place(segment);
                appointment.status = AppointmentStatus.BOOKED;
                appointment.notes = input.notes();
                appointment.metadata = Metadata.of(input.metadata());
                return appointments.persist(appointment).chain(saved -> publish("appointment.created", saved, caller));
            }));
        }).onFailure(LOST_THE_SLOT).transform(e -> overlap())
                .onFailure(ERASED_CUSTOMER).transform(e -> ApiException.invalid("customerId",
                        "is not a customer of this business"));
    }

    /**
     * Applies a merge patch of {@code startsAt}, {@code staffId}, {@code serviceId}, {@code notes} (and who asks,
     * {@code changedBy}). A change of time, staff member or service is a reschedule: the rules decide it as a
     * booking, without the appointment itself standing in its way or counting toward its day; a new service brings
     * its duration and buffers, otherwise the appointment keeps those it was booked with. A customer's reschedule
     * keeps to the cancellation window. Notes alone change without any rule. {@code ifMatch} (null: no condition)
     * must match the appointment; should it change while the reschedule is being decided, the decision is taken
     * again on what it became.
     */
    Uni<AppointmentView> reschedule(Caller caller, String id, JsonNode patch, String ifMatch) {
        return Uni.createFrom().deferred(() -> rescheduleOnce(caller, id, patch, ifMatch))
                .onFailure(ChangedMeanwhile.class).retry().atMost(RESCHEDULE_RETRIES)
                .onFailure(ChangedMeanwhile.class).transform(changed -> ApiException.conflict("appointment_conflict",
                        "the appointment kept changing while this change was decided; try again"));
    }

    private Uni<AppointmentView> rescheduleOnce(Caller caller, String id, JsonNode patch, String ifMatch) {
        return Panache.withSession(() -> appointments.require(caller.tenantId(), id)).chain(current -> {
            tags.requireMatch(ifMatch, AppointmentView.of(current));
            current.requireBooked("be rescheduled");
            Reschedule wanted = mergePatch.apply(Reschedule.of(current), patch, Reschedule.class);
            Instant startsAt = writableStart(wanted.startsAt());
            boolean newService = !wanted.serviceId().equals(current.serviceId);
            boolean moves = newService || !wanted.staffId().equals(current.staffId)
                    || !startsAt.equals(current.startsAt);
            if (!moves) {
                return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id)
                        .chain(locked -> {
                            requireUnchanged(locked, current);
                            locked.notes = wanted.notes();
                            locked.metadata = Metadata.of(wanted.metadata());
                            locked.updatedAt = now();
                            return publish("appointment.updated", locked, caller);
                        }));
            }
            return ruleBooks.forVisit(caller, wanted.serviceId(), wanted.staffId(), startsAt, current.id, newService)
                    .chain(checked -> {
                        RuleBook book = known(List.of(), checked);
                        if (wanted.byCustomer()) {
                            requireCustomerInTime(book.policy(), current.startsAt, "reschedule");
                        }
                        Terms kept = newService ? null : current.terms();
                        Decision.PlannedSegment segment = planned(book, new VisitRequest(startsAt,
                                List.of(new VisitRequest.Segment(wanted.serviceId(), wanted.staffId(), kept))));
                        Integer limit = book.policy().maxAppointmentsPerStaffPerDay();
                        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id)
                                .chain(locked -> {
                                    requireUnchanged(locked, current);
                                    return withinDailyLimit(caller, segment, limit, id).chain(() -> {
                                        locked.place(segment);
                                        locked.notes = wanted.notes();
                                        locked.metadata = Metadata.of(wanted.metadata());
                                        locked.updatedAt = now();
                                        return publish("appointment.updated", locked, caller);
                                    });
                                }));
                    });
        }).onFailure(LOST_THE_SLOT).transform(e -> overlap());
    }

    /**
     * Cancels a booked appointment, as the business (always) or as a customer (not later than the policy's
     * cancellation window before its start: 409 {@code cancellation_window_passed}). Its time and its count toward
     * the daily limit are free again.
     */
    Uni<AppointmentView> cancel(Caller caller, String id, CancelRequest request) {
        Uni<BookingContext.Policy> policy = request.by() == CancelledBy.CUSTOMER ? ruleBooks.policy(caller)
                : Uni.createFrom().nullItem();
        return policy.chain(found -> Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id)
                .chain(appointment -> {
                    appointment.requireBooked("be cancelled");
                    if (found != null) {
                        requireCustomerInTime(found, appointment.startsAt, "cancel");
                    }
                    Instant now = now();
                    appointment.moveTo(AppointmentStatus.CANCELLED, now);
                    appointment.cancellationReason = request.reason();
                    appointment.cancelledBy = request.by();
                    appointment.cancelledAt = now;
                    return publish("appointment.cancelled", appointment, caller);
                })));
    }

    Uni<AppointmentView> complete(Caller caller, String id) {
        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id).chain(appointment -> {
            appointment.moveTo(AppointmentStatus.COMPLETED, now());
            return publish("appointment.completed", appointment, caller);
        }));
    }

    /**
     * Marks a booked appointment whose start has passed as a no-show (anything else is 409 {@code invalid_transition}).
     * It keeps the time that has passed and frees the rest; it still counts toward its day's limit.
     */
    Uni<AppointmentView> noShow(Caller caller, String id) {
        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id).chain(appointment -> {
            Instant now = now();
            appointment.requireBooked("be marked as a no-show");
            if (appointment.startsAt.isAfter(now)) {
                throw ApiException.conflict("invalid_transition",
                        "the appointment has not started yet; a no-show can be marked once it has");
            }
            appointment.moveTo(AppointmentStatus.NO_SHOW, now);
            if (appointment.occupiedUntil.isAfter(now)) {
                appointment.occupiedUntil = now;
            }
            return publish("appointment.no_show", appointment, caller);
        }));
    }

    /**
     * Under a daily limit, takes the lock of the segment's staff member and local day and counts that day (without
     * {@code moving}); a full day refuses the booking as the rules would have, had they seen the bookings that
     * committed meanwhile. Without a limit, nothing: no lock, no count.
     */
    private Uni<Void> withinDailyLimit(Caller caller, Decision.PlannedSegment segment, Integer limit, String moving) {
        if (limit == null) {
            return Uni.createFrom().voidItem();
        }
        return appointments.lockDay(caller.tenantId(), segment.staffId(), segment.day())
                .chain(() -> appointments.countOnDay(caller.tenantId(), segment.staffId(), segment.dayStart(),
                        segment.dayEnd(), moving))
                .invoke(count -> {
                    if (count >= limit) {
                        throw new BookingRefused(new Decision.Refusal(List.of(
                                RuleBook.dailyLimitReached(count, segment.day()))));
                    }
                })
                .replaceWithVoid();
    }

    private Uni<AppointmentView> publish(String type, Appointment appointment, Caller caller) {
        return appointments.flush()
                .chain(() -> outbox.record(type, appointment.tenantId, appointment.id,
                        AppointmentEvent.of(appointment, caller.timeZone())))
                .replaceWith(AppointmentView.of(appointment));
    }

    /** The rules, when every id the request named is the tenant's; a 422 naming every other one otherwise. */
    private static RuleBook known(List<FieldError> customerErrors, RuleBooks.Checked checked) {
        List<FieldError> errors = new ArrayList<>(customerErrors);
        errors.addAll(checked.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return checked.rules();
    }

    /**
     * The rules' plan for a visit of one segment, or their refusal. An end the API could not write is a 422 before
     * any rule: RFC 3339 has four-digit years, so an appointment ending in the year 10000 is refused rather than
     * stored and then written as {@code +10000-…}, which no client could read.
     */
    private static Decision.PlannedSegment planned(RuleBook book, VisitRequest request) {
        VisitRequest.Segment wanted = request.segments().get(0);
        Terms terms = wanted.kept() != null ? wanted.kept() : book.service(wanted.serviceId()).terms();
        if (request.startsAt().plus(Duration.ofMinutes(terms.durationMinutes())).isAfter(Window.LAST_WRITABLE)) {
            throw tooLate();
        }
        Decision decision = book.decide(request);
        if (decision instanceof Decision.Refusal refusal) {
            throw new BookingRefused(refusal);
        }
        return ((Decision.Plan) decision).segments().get(0);
    }

    /** A customer may cancel or reschedule until the policy's window before the start; the business always may. */
    private static void requireCustomerInTime(BookingContext.Policy policy, Instant startsAt, String action) {
        if (Instant.now().isAfter(startsAt.minus(Duration.ofMinutes(policy.cancellationWindowMinutes())))) {
            throw ApiException.conflict("cancellation_window_passed", "a customer may " + action + " until "
                    + policy.cancellationWindowMinutes() + " minutes before the appointment starts");
        }
    }

    /** The locked appointment is the one the decision was taken on; otherwise the decision is taken again. */
    private static void requireUnchanged(Appointment locked, Appointment decidedOn) {
        if (!locked.updatedAt.equals(decidedOn.updatedAt) || locked.status != decidedOn.status) {
            throw new ChangedMeanwhile();
        }
    }

    /** The appointment changed between the decision and its transaction. */
    private static final class ChangedMeanwhile extends RuntimeException {

        ChangedMeanwhile() {
            super(null, null, false, false);
        }
    }

    /** The start as stored (milliseconds), early enough for the shortest service to end by the last writable instant. */
    private static Instant writableStart(Instant requested) {
        Instant startsAt = requested.truncatedTo(ChronoUnit.MILLIS);
        if (startsAt.plus(SHORTEST_SERVICE).isAfter(Window.LAST_WRITABLE)) {
            throw tooLate();
        }
        return startsAt;
    }

    private static ApiException tooLate() {
        return ApiException.invalid("startsAt", "must let the appointment end by 9999-12-31T23:59:59Z");
    }

    private static ApiException overlap() {
        return ApiException.conflict("appointment_conflict",
                "the staff member already has a booked appointment whose time, buffers included, overlaps this one's");
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
