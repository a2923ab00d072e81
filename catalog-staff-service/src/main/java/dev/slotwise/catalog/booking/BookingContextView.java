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
 * durations, buffers and required resource types, the staff asked for (or every one who performs one of the
 * services) with their services, location, weekly hours, date overrides and time off, the closed days, and the active
 * resources of the types the services require (CONTRACT §17). A staff member's dates are local to their location's
 * time zone ({@code timeZone}; null: the tenant's, as for every date without a location).
 */
public record BookingContextView(BookingPolicy policy, List<ServiceTerms> services, List<StaffCalendar> staff,
        List<ClosedDay> closures, List<ResourceRef> resources) {

    /**
     * What a booking takes of a service: its length, its buffers, whether it is still offered, and the types of
     * resource it takes one of each of.
     */
    public record ServiceTerms(String id, int durationMinutes, int bufferBeforeMinutes, int bufferAfterMinutes,
            boolean active, List<String> requiredResourceTypes) {
    }

    /**
     * When a staff member can be booked: services (empty: all), location and its time zone (both null without one),
     * weekly hours (empty: none set), overrides, time off.
     */
    public record StaffCalendar(String id, List<String> serviceIds, String locationId, String timeZone,
            List<WorkingHours.Range> weekly, List<DateOverrideView> dateOverrides, List<Period> timeOff) {
    }

    /** An active resource a booking may take: its id, type and location (null: none). */
    public record ResourceRef(String id, String type, String locationId) {
    }

    /** A period of time off, {@code [startsAt, endsAt)}. */
    public record Period(Instant startsAt, Instant endsAt) {
    }

    /** A closed local date; {@code locationId} null for the whole business. */
    public record ClosedDay(LocalDate date, String locationId) {
    }
}
