package dev.slotwise.appointment.rules;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * The catalog's part of a booking decision (CONTRACT §14, §15), as catalog-staff-service's booking-context lookup
 * answers it for a window of time: the tenant's policy, the services named with their terms, the staff with their
 * calendars, and the closed local dates. Unknown fields are ignored, so the catalog can add what later rules need.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BookingContext(Policy policy, List<ServiceTerms> services, List<StaffCalendar> staff,
        List<ClosedDay> closures, List<ResourceRef> resources) {

    /** A catalog that sends no resources (a tenant without them, or the release before §17): none. */
    @JsonCreator
    public BookingContext {
        resources = resources == null ? List.of() : resources;
    }

    public BookingContext(Policy policy, List<ServiceTerms> services, List<StaffCalendar> staff,
            List<ClosedDay> closures) {
        this(policy, services, staff, closures, List.of());
    }

    /** The tenant's booking policy; null limits are no limits. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Policy(int minNoticeMinutes, Integer maxAdvanceDays, int cancellationWindowMinutes,
            Integer maxAppointmentsPerStaffPerDay, String policyText) {

        public static final Policy DEFAULT = new Policy(0, null, 0, null, null);
    }

    /**
     * What a booking takes of a service: its length, its buffers, whether it is still offered, and one active resource
     * of each of its required types (CONTRACT §17; none when empty).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ServiceTerms(String id, int durationMinutes, int bufferBeforeMinutes, int bufferAfterMinutes,
            boolean active, List<String> requiredResourceTypes) {

        @JsonCreator
        public ServiceTerms {
            requiredResourceTypes = requiredResourceTypes == null ? List.of() : requiredResourceTypes;
        }

        public ServiceTerms(String id, int durationMinutes, int bufferBeforeMinutes, int bufferAfterMinutes,
                boolean active) {
            this(id, durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, active, List.of());
        }

        public Terms terms() {
            return new Terms(durationMinutes, bufferBeforeMinutes, bufferAfterMinutes);
        }
    }

    /**
     * When a staff member can be booked: the services they perform (empty: all), their location and its time zone
     * (CONTRACT §17; both null without one: the tenant's zone), their weekly hours (empty: none set), the dates whose
     * hours replace the weekly ones, and their time off. Hours and dates are local to their zone.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record StaffCalendar(String id, List<String> serviceIds, String locationId, String timeZone,
            List<WeeklyRange> weekly, List<DateOverride> dateOverrides, List<Period> timeOff) {

        @JsonCreator
        public StaffCalendar {
        }

        public StaffCalendar(String id, List<String> serviceIds, List<WeeklyRange> weekly,
                List<DateOverride> dateOverrides, List<Period> timeOff) {
            this(id, serviceIds, null, null, weekly, dateOverrides, timeOff);
        }

        public boolean performs(String serviceId) {
            return serviceIds.isEmpty() || serviceIds.contains(serviceId);
        }
    }

    /** A range of a week day, {@code start} and {@code end} as HH:MM ({@code 24:00} ends the day). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WeeklyRange(String day, String start, String end) {
    }

    /** A date's hours, replacing the weekly ones of that date; no ranges: not working. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DateOverride(LocalDate date, List<DayRange> ranges) {
    }

    /** A range of one date's clock, HH:MM. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DayRange(String start, String end) {
    }

    /** A period of time off, {@code [startsAt, endsAt)}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Period(Instant startsAt, Instant endsAt) {
    }

    /** An active resource a booking may take (CONTRACT §17): its type and location (null: for staff without one). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ResourceRef(String id, String type, String locationId) {
    }

    /** A closed local date; {@code locationId} null for the whole business. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ClosedDay(LocalDate date, String locationId) {
    }
}
