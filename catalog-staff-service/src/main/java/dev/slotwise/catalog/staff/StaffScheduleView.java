package dev.slotwise.catalog.staff;

import java.time.Instant;
import java.util.List;

/**
 * What appointment-service needs to know of when a staff member can be booked (internal lookups): the services
 * they perform (empty: all), their weekly hours in the tenant's time zone (empty: none set), and their time off
 * within the window asked about.
 */
public record StaffScheduleView(String id, List<String> serviceIds, List<WorkingHours.Range> weekly,
        List<Period> timeOff) {

    /** A period of time off, {@code [startsAt, endsAt)}. */
    public record Period(Instant startsAt, Instant endsAt) {
    }
}
