package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.reference.CatalogDirectory;
import dev.slotwise.appointment.reference.References;
import dev.slotwise.appointment.reference.ServiceRef;
import dev.slotwise.appointment.reference.StaffSchedule;
import dev.slotwise.appointment.reference.StaffSchedules;
import dev.slotwise.commons.http.InternalLookups;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Free slots (CONTRACT §14). The schedules come from catalog-staff-service on every search and the bookings from this
 * service's own table, all three asked at once, so a schedule change or a booking shows in the very next search: the
 * client that just booked a slot is never offered it again. A slot is a start on the grid in {@code [from, to)} at which a staff member who
 * performs the service works for the service's whole length, is not on time off and has no booked appointment.
 */
@ApplicationScoped
public class AvailabilitySearch {

    private final References references;
    private final CatalogDirectory catalog;
    private final BookedTimes booked;

    public AvailabilitySearch(References references, CatalogDirectory catalog, BookedTimes booked) {
        this.references = references;
        this.catalog = catalog;
        this.booked = booked;
    }

    /** The answer's JSON: {@code {"data": [{"startsAt", "endsAt", "staffId"}], "nextCursor": null}}. */
    Uni<byte[]> search(String tenantId, String bearerToken, ZoneId zone, AvailabilityQuery query) {
        if (!Ids.looksLike("svc", query.serviceId())) {
            return Uni.createFrom().failure(ApiException.invalid("serviceId", "is not a service of this business"));
        }
        if (query.staffId() != null && !Ids.looksLike("stf", query.staffId())) {
            return Uni.createFrom().failure(ApiException.invalid("staffId", "is not a staff member of this business"));
        }
        // a slot starting just before `to` lasts until `to` plus the service's length
        Instant horizon = query.to().plus(References.LONGEST_SERVICE).isAfter(References.LAST_WRITABLE)
                ? References.LAST_WRITABLE : query.to().plus(References.LONGEST_SERVICE);
        Uni<ServiceRef> service = references.offeredService(bearerToken, query.serviceId());
        Uni<Optional<StaffSchedules>> staff = InternalLookups.guarded("catalog-staff-service",
                catalog.schedulesPerforming(bearerToken, query.serviceId(), query.staffId(), query.from(), horizon));
        Uni<Map<String, List<Interval>>> appointments = booked.overlapping(tenantId, query.staffId(), query.from(),
                horizon);
        return Uni.combine().all().unis(service, staff, appointments).asTuple().map(found -> {
            List<StaffSchedule> schedules = new ArrayList<>(found.getItem2().orElseThrow(
                    () -> ApiException.invalid("staffId", "is not a staff member of this business")).data());
            schedules.sort(Comparator.comparing(StaffSchedule::id));
            return slots(found.getItem1(), schedules, found.getItem3(), zone, query).json();
        });
    }

    private static FreeSlots slots(ServiceRef service, List<StaffSchedule> schedules,
            Map<String, List<Interval>> appointments, ZoneId zone, AvailabilityQuery query) {
        List<String> staffIds = schedules.stream().map(StaffSchedule::id).toList();
        long length = service.durationMinutes() * 60_000L;
        long from = query.from().toEpochMilli();
        long to = query.to().toEpochMilli();
        SlotGrid grid = new SlotGrid(zone, query.slotMinutes());
        FreeSlots slots = new FreeSlots(from, length, staffIds);
        for (int index = 0; index < schedules.size(); index++) {
            StaffSchedule staff = schedules.get(index);
            List<Interval> busy = new ArrayList<>(appointments.getOrDefault(staff.id(), List.of()));
            staff.timeOff().forEach(off -> busy.add(Interval.of(off.startsAt(), off.endsAt())));
            List<Interval> working = WorkingTime.between(staff.weekly(), zone, query.from(),
                    query.to().plusMillis(length));
            for (Interval free : Interval.without(working, busy)) {
                long lastStart = free.end() - length;
                for (long start = grid.firstAtOrAfter(Math.max(free.start(), from)); start <= lastStart && start < to;
                        start = grid.after(start)) {
                    slots.add(start, index);
                }
            }
        }
        return slots;
    }
}
