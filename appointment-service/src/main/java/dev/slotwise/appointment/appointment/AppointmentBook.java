package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.appointment.availability.StaffAvailability;
import dev.slotwise.appointment.reference.References;
import dev.slotwise.appointment.reference.ServiceRef;
import dev.slotwise.appointment.reference.StaffSchedule;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.pg.ConstraintViolations;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Predicate;

/**
 * The appointment rules. References are checked with their owners before a transaction opens (no transaction waits
 * on the network), and so is whether the staff member can take the appointment (their services, hours and time off,
 * CONTRACT §14); the exclusion constraint, not a read-then-write check, decides between racing bookings of one
 * staff member, so the loser gets 409 {@code appointment_conflict} however close the race. Every change records
 * its event in the outbox in the same transaction.
 */
@ApplicationScoped
public class AppointmentBook {

    private final AppointmentRepository appointments;
    private final References references;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public AppointmentBook(AppointmentRepository appointments, References references, Outbox outbox,
            JsonMergePatch mergePatch, EntityTags tags) {
        this.tags = tags;
        this.appointments = appointments;
        this.references = references;
        this.outbox = outbox;
        this.mergePatch = mergePatch;
    }

    /** Another booking took the slot: the exclusion constraint refused this one, or a deadlock over it aborted it. */
    private static final Predicate<Throwable> LOST_THE_SLOT = ConstraintViolations.of(AppointmentRepository.NO_OVERLAP)
            .or(ConstraintViolations.deadlock());
    private static final Duration SHORTEST_SERVICE = Duration.ofMinutes(5);

    Uni<Page<AppointmentView>> list(String tenantId, AppointmentFilter filter, PageRequest page) {
        return Panache.withSession(() -> appointments.page(tenantId, filter, page))
                .map(rows -> Page.of(rows, page, a -> a.id).map(AppointmentView::of));
    }

    Uni<AppointmentView> get(String tenantId, String id) {
        return Panache.withSession(() -> appointments.require(tenantId, id)).map(AppointmentView::of);
    }

    Uni<AppointmentView> book(Caller caller, NewAppointment input) {
        Instant startsAt = writableStart(input.startsAt());
        return references.check(caller.bearerToken(), input.customerId(), input.serviceId(), input.staffId(), startsAt)
                .chain(found -> {
                    Instant endsAt = endOf(startsAt, lengthOf(found.service().orElseThrow()));
                    StaffAvailability.require(found.staff().orElseThrow(), input.serviceId(), startsAt, endsAt,
                            caller.timeZone());
                    return Panache.withTransaction(() -> {
                        Instant now = now();
                        Appointment appointment = new Appointment();
                        appointment.create(Ids.next(AppointmentRepository.PREFIX), caller.tenantId(), now);
                        appointment.customerId = input.customerId();
                        appointment.serviceId = input.serviceId();
                        appointment.staffId = input.staffId();
                        appointment.startsAt = startsAt;
                        appointment.endsAt = endsAt;
                        appointment.status = AppointmentStatus.BOOKED;
                        appointment.notes = input.notes();
                        return appointments.persist(appointment)
                                .chain(saved -> publish("appointment.created", saved, caller));
                    });
                })
                .onFailure(LOST_THE_SLOT).transform(e -> overlap());
    }

    /**
     * Applies a merge patch of {@code startsAt}, {@code staffId}, {@code serviceId}, {@code notes}. The booked length
     * stays unless the service changes, in which case the new service's duration applies. A change of time, staff
     * member or service is checked against the staff member's schedule as a booking is; a change of notes alone is not.
     * {@code ifMatch} (null: no condition) must match the appointment as it is when locked.
     */
    Uni<AppointmentView> reschedule(Caller caller, String id, JsonNode patch, String ifMatch) {
        return Panache.withSession(() -> appointments.require(caller.tenantId(), id)).chain(current -> {
            tags.requireMatch(ifMatch, AppointmentView.of(current));
            current.requireBooked("be rescheduled");
            Reschedule wanted = mergePatch.apply(Reschedule.of(current), patch, Reschedule.class);
            Instant startsAt = writableStart(wanted.startsAt());
            String newService = wanted.serviceId().equals(current.serviceId) ? null : wanted.serviceId();
            String newStaff = wanted.staffId().equals(current.staffId) ? null : wanted.staffId();
            boolean moves = newService != null || newStaff != null || !startsAt.equals(current.startsAt);
            return references.check(caller.bearerToken(), null, newService, moves ? wanted.staffId() : null, startsAt)
                    .chain(found -> Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id)
                            .chain(locked -> apply(caller, locked, patch, ifMatch, found))));
        }).onFailure(LOST_THE_SLOT).transform(e -> overlap());
    }

    Uni<AppointmentView> cancel(Caller caller, String id) {
        return transition(caller, id, AppointmentStatus.CANCELLED, "appointment.cancelled");
    }

    Uni<AppointmentView> complete(Caller caller, String id) {
        return transition(caller, id, AppointmentStatus.COMPLETED, "appointment.completed");
    }

    private Uni<AppointmentView> apply(Caller caller, Appointment locked, JsonNode patch, String ifMatch,
            References.Found found) {
        tags.requireMatch(ifMatch, AppointmentView.of(locked));
        locked.requireBooked("be rescheduled");
        Reschedule target = mergePatch.apply(Reschedule.of(locked), patch, Reschedule.class);
        Duration length = found.service().map(AppointmentBook::lengthOf).orElse(locked.length());
        Instant startsAt = writableStart(target.startsAt());
        Instant endsAt = endOf(startsAt, length);
        boolean moves = !target.serviceId().equals(locked.serviceId) || !target.staffId().equals(locked.staffId)
                || !startsAt.equals(locked.startsAt);
        if (moves) {
            StaffSchedule staff = found.staff().filter(schedule -> schedule.id().equals(target.staffId())).orElse(null);
            if (staff != null) {
                StaffAvailability.require(staff, target.serviceId(), startsAt, endsAt, caller.timeZone());
            }
        }
        locked.serviceId = target.serviceId();
        locked.staffId = target.staffId();
        locked.startsAt = startsAt;
        locked.endsAt = endsAt;
        locked.notes = target.notes();
        locked.updatedAt = now();
        return publish("appointment.updated", locked, caller);
    }

    private Uni<AppointmentView> transition(Caller caller, String id, AppointmentStatus next, String eventType) {
        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id).chain(appointment -> {
            appointment.moveTo(next, now());
            return publish(eventType, appointment, caller);
        }));
    }

    private Uni<AppointmentView> publish(String type, Appointment appointment, Caller caller) {
        return appointments.flush()
                .chain(() -> outbox.record(type, appointment.tenantId, appointment.id,
                        AppointmentEvent.of(appointment, caller.timeZone())))
                .replaceWith(AppointmentView.of(appointment));
    }

    /**
     * The end of an appointment, which must be a timestamp the API can write: RFC 3339 has four-digit years, so an
     * appointment starting late on 9999-12-31 that would end in the year 10000 is refused (422) rather than stored
     * and then written as {@code +10000-…}, which no client could read.
     */
    private static Instant endOf(Instant startsAt, Duration length) {
        Instant end = startsAt.plus(length);
        if (end.isAfter(References.LAST_WRITABLE)) {
            throw tooLate();
        }
        return end;
    }

    /** The start as stored (milliseconds), early enough for the shortest service to end by the last writable instant. */
    private static Instant writableStart(Instant requested) {
        Instant startsAt = requested.truncatedTo(ChronoUnit.MILLIS);
        if (startsAt.plus(SHORTEST_SERVICE).isAfter(References.LAST_WRITABLE)) {
            throw tooLate();
        }
        return startsAt;
    }

    private static ApiException tooLate() {
        return ApiException.invalid("startsAt", "must let the appointment end by 9999-12-31T23:59:59Z");
    }

    private static Duration lengthOf(ServiceRef service) {
        return Duration.ofMinutes(service.durationMinutes());
    }

    private static ApiException overlap() {
        return ApiException.conflict("appointment_conflict",
                "the staff member already has a booked appointment that overlaps this time");
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
