package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.hold.HoldBook;
import dev.slotwise.appointment.reference.References;
import dev.slotwise.appointment.rules.BookingContext;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.appointment.rules.Terms;
import dev.slotwise.appointment.visit.DailyLimits;
import dev.slotwise.appointment.visit.VisitInput;
import dev.slotwise.appointment.visit.VisitPlans;
import dev.slotwise.appointment.visit.VisitSegment;
import dev.slotwise.appointment.visit.VisitSegments;
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
 * decides: the exclusion constraint of {@code visit_segments} keeps the occupied ranges (time with buffers) of every
 * segment of every appointment and live hold of one staff member apart, so the loser gets 409
 * {@code appointment_conflict} however close the race, and a visit books all its segments or none (one transaction);
 * and under a daily limit every booking onto a staff member's day locks that day before it counts it, so the limit
 * holds exactly. Every change records its event
 * in the outbox in the same transaction.
 */
@ApplicationScoped
public class AppointmentBook {

    /** Another booking took the slot: the exclusion constraint refused this one, or a deadlock over it aborted it. */
    private static final Predicate<Throwable> LOST_THE_SLOT = ConstraintViolations.of(VisitSegments.NO_OVERLAP)
            .or(ConstraintViolations.deadlock());
    /** The customer was erased after its lookup (CONTRACT §19): the database refused the booking (V4). */
    private static final Predicate<Throwable> ERASED_CUSTOMER =
            ConstraintViolations.of("appointments_customer_not_erased");
    /** How often a reschedule is decided again when the appointment changed while it was being decided. */
    private static final int RESCHEDULE_RETRIES = 2;

    private final AppointmentRepository appointments;
    private final VisitSegments segments;
    private final DailyLimits dailyLimits;
    private final HoldBook holds;
    private final References references;
    private final RuleBooks ruleBooks;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public AppointmentBook(AppointmentRepository appointments, VisitSegments segments, DailyLimits dailyLimits,
            HoldBook holds, References references, RuleBooks ruleBooks, Outbox outbox, JsonMergePatch mergePatch,
            EntityTags tags) {
        this.appointments = appointments;
        this.segments = segments;
        this.dailyLimits = dailyLimits;
        this.holds = holds;
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

    /**
     * Books a visit (CONTRACT §5, §16): every segment or none, in one transaction; a segment without a staff member is
     * given one by the rules. With {@code holdId}, books exactly the held visit instead.
     */
    Uni<AppointmentView> book(Caller caller, NewAppointment input) {
        if (input.holdId() != null) {
            return bookHeld(caller, input);
        }
        // a racing booking took the resource the rules gave this one: decided again on what is free now (each loss
        // means a resource was taken, so a few rounds settle any race)
        return Uni.createFrom().deferred(() -> bookOnce(caller, input))
                .onFailure(VisitSegments.LOST_A_RESOURCE).retry().atMost(VisitSegments.RESOURCE_RETRIES)
                .onFailure(LOST_THE_SLOT).transform(e -> overlap())
                .onFailure(VisitSegments.LOST_A_RESOURCE).transform(e -> VisitSegments.resourceTaken())
                .onFailure(ERASED_CUSTOMER).transform(e -> erasedCustomer());
    }

    private Uni<AppointmentView> bookOnce(Caller caller, NewAppointment input) {
        List<RuleBooks.Wanted> wanted = VisitInput.required(input.serviceId(), input.staffId(), input.segments(),
                input.startsAt());
        Instant startsAt = VisitPlans.writableStart(input.startsAt());
        Uni<List<FieldError>> customer = references.customerErrors(caller.bearerToken(), input.customerId());
        Uni<RuleBooks.Checked> rules = ruleBooks.forVisit(caller, wanted, startsAt, null);
        return Uni.combine().all().unis(customer, rules).asTuple().chain(found -> {
            RuleBook book = VisitPlans.known(found.getItem1(), found.getItem2());
            Decision.Plan plan = VisitPlans.planned(book, startsAt, wanted, null);
            Integer limit = book.policy().maxAppointmentsPerStaffPerDay();
            return Panache.withTransaction(() -> dailyLimits.require(caller.tenantId(), plan, limit, null)
                    .chain(() -> {
                        Appointment appointment = newAppointment(caller, input);
                        appointment.place(plan);
                        return appointments.persist(appointment)
                                .call(saved -> segments.insert(saved.id, caller.tenantId(), plan, "booked", null))
                                .chain(saved -> publish("appointment.created", saved, caller));
                    }));
        });
    }

    /**
     * Books exactly the visit a hold keeps and ends the hold, in one transaction: the hold's rows of
     * {@code visit_segments} become the appointment's, so its time is never free in between. The hold already passed
     * the rules and counts toward the daily limit, so neither is asked again; a hold used, released or expired (by the
     * database's clock) is 409 {@code hold_expired}.
     */
    private Uni<AppointmentView> bookHeld(Caller caller, NewAppointment input) {
        List<FieldError> invalid = new ArrayList<>();
        for (String[] field : new String[][] {{"serviceId", input.serviceId()}, {"staffId", input.staffId()},
                {"startsAt", input.startsAt() == null ? null : ""},
                {"segments", input.segments() == null ? null : ""}}) {
            if (field[1] != null) {
                invalid.add(new FieldError(field[0], "must be left out when holdId is given (the hold names the visit)"));
            }
        }
        if (!invalid.isEmpty()) {
            throw ApiException.invalid(invalid);
        }
        return references.customerErrors(caller.bearerToken(), input.customerId()).chain(customerErrors -> {
            if (!customerErrors.isEmpty()) {
                throw ApiException.invalid(customerErrors);
            }
            return Panache.withTransaction(() -> {
                Appointment appointment = newAppointment(caller, input);
                return holds.use(caller.tenantId(), input.holdId(), appointment.id).chain(held -> {
                    appointment.place(held);
                    return appointments.persist(appointment)
                            .chain(saved -> publish("appointment.created", saved, caller));
                });
            });
        }).onFailure(LOST_THE_SLOT).transform(e -> HoldBook.expired())
                .onFailure(ERASED_CUSTOMER).transform(e -> erasedCustomer());
    }

    /** The customer was erased between its lookup and the insert: as if the lookup had found it gone. */
    private static ApiException erasedCustomer() {
        return ApiException.invalid("customerId", "is not a customer of this business");
    }

    private static Appointment newAppointment(Caller caller, NewAppointment input) {
        Appointment appointment = new Appointment();
        appointment.create(Ids.next(AppointmentRepository.PREFIX), caller.tenantId(), now());
        appointment.customerId = input.customerId();
        appointment.status = AppointmentStatus.BOOKED;
        appointment.notes = input.notes();
        appointment.metadata = Metadata.of(input.metadata());
        return appointment;
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
                .onFailure(VisitSegments.LOST_A_RESOURCE).retry().atMost(VisitSegments.RESOURCE_RETRIES)
                .onFailure(VisitSegments.LOST_A_RESOURCE).transform(e -> VisitSegments.resourceTaken())
                .onFailure(ChangedMeanwhile.class).retry().atMost(RESCHEDULE_RETRIES)
                .onFailure(ChangedMeanwhile.class).transform(changed -> ApiException.conflict("appointment_conflict",
                        "the appointment kept changing while this change was decided; try again"));
    }

    private Uni<AppointmentView> rescheduleOnce(Caller caller, String id, JsonNode patch, String ifMatch) {
        return Panache.withSession(() -> appointments.require(caller.tenantId(), id)).chain(current -> {
            tags.requireMatch(ifMatch, AppointmentView.of(current));
            current.requireBooked("be rescheduled");
            Reschedule wanted = mergePatch.apply(Reschedule.of(current), patch, Reschedule.class);
            Instant startsAt = VisitPlans.writableStart(wanted.startsAt());
            boolean newService = !wanted.serviceId().equals(current.serviceId);
            boolean newStaff = !wanted.staffId().equals(current.staffId);
            boolean moves = newService || newStaff || !startsAt.equals(current.startsAt);
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
            if (current.segments.size() > 1 && (newService || newStaff)) {
                throw ApiException.invalid(newService ? "serviceId" : "staffId",
                        "cannot change on a visit of several services: startsAt moves the whole visit");
            }
            List<RuleBooks.Wanted> segmentsWanted = new ArrayList<>();
            List<Terms> kept = new ArrayList<>();
            for (VisitSegment segment : current.segments) {
                boolean first = segmentsWanted.isEmpty();
                String serviceId = first ? wanted.serviceId() : segment.serviceId();
                segmentsWanted.add(new RuleBooks.Wanted("serviceId", serviceId, "staffId",
                        first ? wanted.staffId() : segment.staffId(), first && newService));
                kept.add(first && newService ? null : segment.terms());
            }
            return ruleBooks.forVisit(caller, segmentsWanted, startsAt, current.id)
                    .chain(checked -> {
                        RuleBook book = VisitPlans.known(List.of(), checked);
                        if (wanted.byCustomer()) {
                            requireCustomerInTime(book.policy(), current.startsAt, "reschedule");
                        }
                        Decision.Plan plan = VisitPlans.planned(book, startsAt, segmentsWanted, kept);
                        Integer limit = book.policy().maxAppointmentsPerStaffPerDay();
                        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id)
                                .chain(locked -> {
                                    requireUnchanged(locked, current);
                                    return dailyLimits.require(caller.tenantId(), plan, limit, id)
                                            .chain(() -> segments.delete(id))
                                            .chain(() -> segments.insert(id, caller.tenantId(), plan, "booked", null))
                                            .chain(() -> {
                                                locked.place(plan);
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
                    return segments.setState(id, "cancelled")
                            .chain(() -> publish("appointment.cancelled", appointment, caller));
                })));
    }

    Uni<AppointmentView> complete(Caller caller, String id) {
        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id).chain(appointment -> {
            appointment.moveTo(AppointmentStatus.COMPLETED, now());
            return segments.setState(id, "completed")
                    .chain(() -> publish("appointment.completed", appointment, caller));
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
            return segments.markNoShow(id, now).chain(() -> publish("appointment.no_show", appointment, caller));
        }));
    }

    private Uni<AppointmentView> publish(String type, Appointment appointment, Caller caller) {
        return appointments.flush()
                .chain(() -> outbox.record(type, appointment.tenantId, appointment.id,
                        AppointmentEvent.of(appointment, caller.timeZone())))
                .replaceWith(AppointmentView.of(appointment));
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

    private static ApiException overlap() {
        return ApiException.conflict("appointment_conflict",
                "the staff member already has a booked appointment whose time, buffers included, overlaps this one's");
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
