package dev.slotwise.appointment.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** The schedules of the staff who perform a service, as catalog-staff-service lists them. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StaffSchedules(List<StaffSchedule> data) {
}
