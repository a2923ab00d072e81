package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.reference.StaffSchedule;
import dev.slotwise.commons.problem.ApiException;
import java.time.Instant;
import java.time.ZoneId;

/**
 * Whether a staff member can take an appointment (CONTRACT §14): they perform the service, are not on time off at
 * any moment of it, and — when they have working hours — work for all of it. Otherwise 409 {@code staff_unavailable}
 * saying which. A member without working hours can be booked at any time (time off still counts). Overlap with other
 * appointments is not checked here: the exclusion constraint decides that, races included.
 */
public final class StaffAvailability {

    private StaffAvailability() {
    }

    public static void require(StaffSchedule staff, String serviceId, Instant startsAt, Instant endsAt, ZoneId zone) {
        if (!staff.performs(serviceId)) {
            throw unavailable("the staff member does not perform this service");
        }
        long start = startsAt.toEpochMilli();
        long end = endsAt.toEpochMilli();
        for (StaffSchedule.Period off : staff.timeOff()) {
            if (Interval.of(off.startsAt(), off.endsAt()).overlaps(start, end)) {
                throw unavailable("the staff member is on time off during this appointment");
            }
        }
        if (!staff.weekly().isEmpty() && WorkingTime.between(staff.weekly(), zone, startsAt, endsAt).stream()
                .noneMatch(stretch -> stretch.contains(start, end))) {
            throw unavailable("the staff member does not work for the whole of this appointment");
        }
    }

    private static ApiException unavailable(String detail) {
        return ApiException.conflict("staff_unavailable", detail);
    }
}
