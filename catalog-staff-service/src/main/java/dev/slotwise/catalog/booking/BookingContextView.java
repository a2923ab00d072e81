package dev.slotwise.catalog.booking;

import dev.slotwise.catalog.policy.BookingPolicy;
import dev.slotwise.catalog.staff.DateOverrideView;
import dev.slotwise.catalog.staff.WorkingHours;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * Everything of the catalog that decides whether a visit can happen in a window of time (CONTRACT §14, §15), for
 * appointment-service's rule engine, in one answer: the tenant's booking policy, the services asked for with their
 * durations and buffers, the staff asked for (or every one who performs one of the services) with their services,
 * weekly hours, date overrides and time off, and the closed days. Dates are local to the tenant's time zone.
 */
public record BookingContextView(BookingPolicy policy, List<ServiceTerms> services, List<StaffCalendar> staff,
        List<ClosedDay> closures) {

    /** What a booking takes of a service: its length, its buffers, whether it is still offered. */
    public record ServiceTerms(String id, int durationMinutes, int bufferBeforeMinutes, int bufferAfterMinutes,
            boolean active) {
    }

    /** When a staff member can be booked: services (empty: all), weekly hours (empty: none set), overrides, time off. */
    public record StaffCalendar(String id, List<String> serviceIds, List<WorkingHours.Range> weekly,
            List<DateOverrideView> dateOverrides, List<Period> timeOff) {
    }

    /** A period of time off, {@code [startsAt, endsAt)}. */
    public record Period(Instant startsAt, Instant endsAt) {
    }

    /** A closed local date; {@code locationId} null for the whole business. */
    public record ClosedDay(LocalDate date, String locationId) {
    }
}
