package dev.slotwise.appointment.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;

/**
 * When a staff member can be booked, as catalog-staff-service answers it (CONTRACT §14): the services they perform
 * (empty: all), their weekly hours in the tenant's time zone (empty: none set, bookable at any time), and their time
 * off within the window asked about.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StaffSchedule(String id, List<String> serviceIds, List<WeeklyRange> weekly, List<Period> timeOff) {

    /** One range of a week day, {@code start} and {@code end} as HH:MM ({@code 24:00} ends the day). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WeeklyRange(String day, String start, String end) {
    }

    /** A period of time off, {@code [startsAt, endsAt)}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Period(Instant startsAt, Instant endsAt) {
    }

    public boolean performs(String serviceId) {
        return serviceIds.isEmpty() || serviceIds.contains(serviceId);
    }
}
